/**
 * JSON.parse with a nesting limit. V8's parser itself copes with any depth, but nearly everything that
 * walks a parsed value afterwards (JSON.stringify, zod, structuredClone, our own formatting) recurses, so a
 * line nested 200 000 levels deep would crash whichever reader touches it first. Lines from disk go through
 * here and a too-deep one is refused up front, as a bad line, instead.
 */
export const MAX_JSON_DEPTH = 64;

export type SafeParse = { ok: true; value: unknown } | { ok: false; reason: string };

/** True when `s` holds more than `limit` opening brackets (cheap: native indexOf, no per-char loop). */
function manyBrackets(s: string, limit: number): boolean {
  if (s.length <= 2 * limit) return false; // every level takes an opening and a closing bracket
  let n = 0;
  for (let i = s.indexOf("{"); i >= 0; i = s.indexOf("{", i + 1)) if (++n > limit) return true;
  for (let i = s.indexOf("["); i >= 0; i = s.indexOf("[", i + 1)) if (++n > limit) return true;
  return false;
}

/** The deepest bracket nesting of JSON text, brackets inside strings not counted. */
export function jsonDepth(s: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/** Parse JSON text whose nesting is at most `maxDepth`; never throws. */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): SafeParse {
  if (manyBrackets(text, maxDepth) && jsonDepth(text) > maxDepth) {
    return { ok: false, reason: `nested deeper than ${maxDepth} levels` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: "invalid JSON" };
  }
}
