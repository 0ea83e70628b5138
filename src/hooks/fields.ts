/** Reading a host's hook payload: its values by kind (a payload is whatever the host sent). No imports. */
export const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
export const num = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;
export const obj = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** The first of `keys` that holds a non-empty string. */
export function firstStr(p: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = str(p[k]);
    if (v) return v;
  }
  return undefined;
}

/** The defined fields of `o` (a HookCall without its absent parts). */
export function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
