/** Dates as people read them ("Mar 25, 2024, 10:00 AM" in the browser's locale); "" and junk as they are. */
export function readableDate(iso: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
