import { parse } from "smol-toml";
import { BrainError } from "../../core/errors.ts";

/**
 * A parsed merge into a TOML config file (Codex's config.toml) that keeps the user's text byte for byte: Brain
 * appends its own table as a block between two marker comments, and the result is parsed to prove it is the
 * user's document plus exactly Brain's table (a table of that name already there is refused, never merged
 * over). Removing the block gives back the text as it was.
 */
export const TOML_BEGIN = "# >>> brain (written by `brain install`; `brain uninstall` removes it) >>>";
export const TOML_END = "# <<< brain <<<";

function blockRange(text: string): [number, number] | undefined {
  const b = text.indexOf(TOML_BEGIN);
  if (b < 0) return undefined;
  const e = text.indexOf(TOML_END, b);
  if (e < 0)
    throw new BrainError("CONFIG", "Brain's block in the TOML file has no end marker; fix it by hand");
  let start = b;
  if (start > 0 && text[start - 1] === "\n" && text[start - 2] === "\n") start--; // the blank line we added
  let stop = e + TOML_END.length;
  if (text[stop] === "\n") stop++;
  return [start, stop];
}

function parsed(text: string, file: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>;
  } catch (e) {
    throw new BrainError(
      "CONFIG",
      `${file} is not TOML Brain can merge into (${(e as Error).message}); left as it is`,
    );
  }
}

/** The text without Brain's block. */
export function withoutBlock(text: string): string {
  const r = blockRange(text);
  return r ? text.slice(0, r[0]) + text.slice(r[1]) : text;
}

/** `body` (TOML defining the top-level keys `keys`) as Brain's block of `text`, replacing the one there. */
export function withBlock(text: string, file: string, body: string, keys: string[][]): string {
  const user = withoutBlock(text);
  const doc = parsed(user, file);
  for (const k of keys) {
    let v: unknown = doc;
    for (const part of k) v = v && typeof v === "object" ? (v as Record<string, unknown>)[part] : undefined;
    if (v !== undefined)
      throw new BrainError("CONFIG", `${file}: ${k.join(".")} is already set (not by Brain); left as it is`);
  }
  const sep = user === "" || user.endsWith("\n\n") ? "" : user.endsWith("\n") ? "\n" : "\n\n";
  const next = `${user}${sep}${TOML_BEGIN}\n${body.trim()}\n${TOML_END}\n`;
  parsed(next, file); // a block that makes the file invalid (a table defined twice) is never written
  return next;
}

/** A TOML string (basic, escaped). */
export const tomlString = (s: string) => JSON.stringify(s);
