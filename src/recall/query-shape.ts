/**
 * What a query's wording says about the shape of its answer (issue 24), for src/recall/mentions.ts: whether it
 * asks for several things that may each come from another session, and which alternatives it names. Pure.
 */

/**
 * Whether a query asks for several things that may each come from another session: "how many / how much /
 * how often", "in total", "all the", "list", "different", or "which/what" followed (within two words) by a
 * plural noun ("Which bands did…", "What new dishes has…", "What activities does…").
 */
export function asksForMany(query: string): boolean {
  if (/\b(how (many|much|often)|in total|total|all (the|of)|list|different|various|so far)\b/i.test(query))
    return true;
  const m = /\b(?:which|what)\s+([A-Za-z]+)(?:\s+([A-Za-z]+))?(?:\s+([A-Za-z]+))?/i.exec(query);
  if (!m) return false;
  for (const w of [m[1], m[2]]) {
    if (!w) break;
    const low = w.toLowerCase();
    if (NOT_PLURAL.has(low)) return false;
    if (low.length > 3 && /[^su]s$/.test(low)) return true;
  }
  return false;
}
const NOT_PLURAL = new Set(
  "is was does has his hers its this yes as us always perhaps plus less did do are were will would can could should kind type sort".split(
    " ",
  ),
);

/**
 * The alternatives a question names after its last colon or comma before an "or" ("Which did I do first:
 * adopt a dog or buy a car?" → ["adopt a dog", "buy a car"]); [] when it names none.
 */
export function alternativesOf(query: string): string[] {
  const at = query.search(/\s+or\s+/i);
  if (at < 0) return [];
  const head = query.slice(0, at);
  const cut = Math.max(head.lastIndexOf(":"), head.lastIndexOf(","));
  if (cut < 0) return [];
  return query
    .slice(cut + 1)
    .replace(/[?.!]+\s*$/, "")
    .split(/\s+or\s+/i)
    .map((a) => a.trim())
    .filter((a) => a.length > 0);
}
