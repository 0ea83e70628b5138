/**
 * What a query's wording says about the shape of its answer (issue 24), for src/recall/mentions.ts: whether it
 * asks for several things that may each come from another session, and which alternatives it names. Pure.
 */

/**
 * Whether a query asks for several things that may each come from another session: "how many / how much",
 * "in total", "all the", "list", "different", or "which/what" followed (within two words) by a
 * plural noun ("Which bands did…", "What new dishes has…", "What activities does…").
 */
export function asksForMany(query: string): boolean {
  if (/\b(how (many|much)|in total|total|all (the|of)|list|different|various|so far)\b/i.test(query))
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

/**
 * Whether a query is about time — when something happened, in what order, how long ago — so that recalled
 * turns are worth showing with their relative dates resolved ("last week (the week of 1 May 2023)"): for other
 * questions the dates on the lines say enough, and the resolved dates only take room.
 */
export function asksAboutTime(query: string): boolean {
  return /\b(when|what (day|date|time|month|year|week)|how long|how many (days|weeks|months|years|times)|first|last|latest|before|after|earlier|later|ago|since|until|order|date|dates|day|days|week|weeks|month|months|year|years|yesterday|tomorrow|recently|weekend)\b/i.test(
    query,
  );
}

/**
 * Whether a query asks about the present state of something that may have changed ("how many followers do I
 * have now?", "which editor do I use these days?", "as of now", "most recently", "currently", "at the
 * moment", "nowadays", "any more", "still"): its answer is the latest of what was said.
 */
export function asksAboutNow(query: string): boolean {
  return /\b(now|currently|current|these days|nowadays|at the moment|at present|most recently|latest|any ?more|still)\b/i.test(
    query,
  );
}
