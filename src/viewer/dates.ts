/** Dates as people read them ("Mar 25, 2024, 10:00 AM" in the browser's locale); "" and junk as they are. */
export function readableDate(iso: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A time of day alone ("10:15 AM"), for turns listed under their session's date. */
export function readableTime(iso: string): string {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime())) return iso;
  return d.toLocaleTimeString(undefined, { timeStyle: "short" });
}

/** "Feb 23, 2026, 10:15 AM – 12:15 PM" within a day, "Feb 20, 2026, 10:15 AM – Feb 23, 2026, 12:15 PM" across. */
export function readableRange(first: string, last: string): string {
  if (!first || first === last) return readableDate(last || first);
  const a = new Date(first);
  const b = new Date(last);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return `${first} – ${last}`;
  return a.toDateString() === b.toDateString()
    ? `${readableDate(first)} – ${readableTime(last)}`
    : `${readableDate(first)} – ${readableDate(last)}`;
}
