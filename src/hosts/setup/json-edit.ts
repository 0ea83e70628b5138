import { applyEdits, type JSONPath, modify, type ParseError, parse } from "jsonc-parser";
import { BrainError } from "../../core/errors.ts";

/**
 * A parsed merge into a host's JSON (or JSONC: Gemini CLI, OpenCode and Cursor accept comments) config file
 * with jsonc-parser: only the values Brain sets are edited, the user's keys, comments and order stay. Brain
 * owns a value when `ours` says so (its command names Brain's stable entry point), never by position.
 */
const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } };

export type Json = unknown;

/** The document (empty text: an empty object); a file that does not parse is refused, never overwritten. */
export function readJson(text: string, file: string): Record<string, Json> {
  if (text.trim() === "") return {};
  const errors: ParseError[] = [];
  const v = parse(text, errors, { allowTrailingComma: true });
  if (errors.length || !v || typeof v !== "object" || Array.isArray(v))
    throw new BrainError("CONFIG", `${file} is not a JSON object Brain can merge into; left as it is`);
  return v as Record<string, Json>;
}

export function at(doc: Json, path: JSONPath): Json {
  let v: Json = doc;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string | number, Json>)[k as string];
  }
  return v;
}

export function setAt(text: string, path: JSONPath, value: Json): string {
  const base = text.trim() === "" ? "{}\n" : text;
  return applyEdits(base, modify(base, path, value, FORMAT));
}

/** `value` at `path`, unless a value there is not Brain's (the user's own, e.g. their own "brain" server). */
export function putOurs(text: string, file: string, path: JSONPath, value: Json, ours: (v: Json) => boolean) {
  const now = at(readJson(text, file), path);
  if (now !== undefined && !ours(now))
    throw new BrainError(
      "CONFIG",
      `${file}: ${path.join(".")} is already set to something not Brain's; left as it is`,
    );
  return JSON.stringify(now) === JSON.stringify(value) ? text : setAt(text, path, value);
}

/** Brain's item in the array at `path`: the ones it wrote before replaced, the user's items kept in order. */
export function appendOurs(
  text: string,
  file: string,
  path: JSONPath,
  item: Json,
  ours: (v: Json) => boolean,
) {
  const list = at(readJson(text, file), path);
  if (list !== undefined && !Array.isArray(list))
    throw new BrainError("CONFIG", `${file}: ${path.join(".")} is not a list; left as it is`);
  const items = (list ?? []) as Json[];
  const kept = items.filter((v) => !ours(v));
  const next = [...kept, item];
  return JSON.stringify(items) === JSON.stringify(next) ? text : setAt(text, path, next);
}

/** Remove Brain's value at `path` (only if it is Brain's), or Brain's items of the array there. */
export function removeOurs(text: string, file: string, path: JSONPath, ours: (v: Json) => boolean): string {
  const v = at(readJson(text, file), path);
  if (v === undefined) return text;
  if (Array.isArray(v)) {
    const kept = v.filter((x) => !ours(x));
    return kept.length === v.length ? text : setAt(text, path, kept);
  }
  return ours(v) ? applyEdits(text, modify(text, path, undefined, FORMAT)) : text;
}

/** Drop the object or array at `path` when it is empty (a container Brain created and emptied again). */
export function dropIfEmpty(text: string, file: string, path: JSONPath): string {
  const v = at(readJson(text, file), path);
  const empty = Array.isArray(v)
    ? v.length === 0
    : v !== null && typeof v === "object" && !Object.keys(v).length;
  return empty ? applyEdits(text, modify(text, path, undefined, FORMAT)) : text;
}
