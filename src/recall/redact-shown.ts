import { detectShapes, mapBack, type SecretFinding, viewsOf } from "../guards/detectors.ts";
import { redact } from "../guards/secrets.ts";

/**
 * A credential said in prose ("the admin password for the box is tangerine-walrus-42", "token: ab12…"): the
 * value after a credential word and "is"/":"/"=", when it holds a digit or a symbol (so "the password is
 * the same as before" keeps its words). Only for what is shown beside a prompt: a turn quoting it is still
 * useful without the value, and the write gate's shapes are about keys, not prose.
 */
const PROSE =
  /\b(?:password|passphrase|passwd|passcode|pin|secret|token|api[ -]?key|credentials?)\b[^.\n:=]{0,48}?(?:\bis\b|\bwas\b|:|=)\s*["'`]?((?=[^\s"'`]*[\d_\-!@#$%^&*+/~])[A-Za-z0-9][^\s"'`,;]{4,}[A-Za-z0-9!@#$%^&*])/gi;

function prose(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  for (const m of text.matchAll(PROSE)) {
    const value = m[1] as string;
    const start = m.index + m[0].lastIndexOf(value);
    found.push({ kind: "password in prose", start, end: start + value.length });
  }
  return found;
}

/**
 * What the secret guard's own shapes (src/guards/detectors.ts, on the text and its decoded views) and a
 * credential said in prose find in a text about to be shown beside a prompt, replaced by `[REDACTED:kind]`.
 * Memories are redacted when stored; this catches what was stored before a shape was added, with
 * `secrets: "allow"`, or said in words. Synchronous, no secretlint: the prompt hook must stay fast.
 */
export function redactShown(text: string): string {
  const found = [...detectShapes(text), ...prose(text)];
  for (const view of viewsOf(text))
    for (const f of detectShapes(view.text)) found.push(mapBack(view, f, text.length));
  if (found.length === 0) return text;
  return redact(
    text,
    found.sort((a, b) => a.start - b.start || b.end - a.end),
  );
}
