/**
 * What makes two failures "the same one again" (issue 28, the failure moment): the same tool, the same
 * normalised command, and an error with the same signature. Pure and cheap: the failure hook computes these
 * on its fast path (a few regular expressions over a capped excerpt), the ledger's index computes them once
 * per recorded failure (src/improve/failure-index.ts), both alike.
 */

/** Words that set up a command rather than say what it runs. */
const PREFIXES = new Set(["sudo", "doas", "env", "time", "nohup", "exec", "command", "builtin", "nice"]);
const SETUP = /^(cd|export|source|set|unset|alias|pushd|popd|\.)$/;

const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/** The first pipeline stage that runs something (not `cd x`, not `export A=b`). */
function mainStage(command: string): string {
  const line = command.replace(ANSI, "").split("\n")[0] ?? "";
  const stages = line.split(/\s*(?:&&|\|\||;)\s*/);
  for (const s of stages) {
    const first = s.trim().split(/\s+/)[0] ?? "";
    if (first && !SETUP.test(first)) return (s.split(/\s\|\s|\|(?!\|)/)[0] ?? s).trim();
  }
  return line.trim();
}

/** A command's words without its set-up: env assignments, sudo and its options, redirections. */
export function commandWords(command: string): string[] {
  const words = mainStage(command)
    .replace(/\s*\d?>>?\s*&?\S+/g, " ")
    .replace(/\s*<\s*\S+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  let i = 0;
  while (i < words.length) {
    const w = words[i] as string;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) i++;
    else if (PREFIXES.has(w)) {
      i++;
      // sudo -u deploy, env -i …: their options and an option's value.
      while (i < words.length && (words[i] as string).startsWith("-")) {
        const opt = words[i] as string;
        i++;
        if (/^-[ugCDhpr]$/.test(opt) && i < words.length) i++;
      }
    } else break;
  }
  return words.slice(i);
}

/** A word as it counts in a signature: paths to their last part, numbers and ids to placeholders. */
function normWord(w: string): string {
  const unquoted = w.replace(/^['"]|['"]$/g, "");
  if (/^https?:\/\//.test(unquoted)) return "<url>";
  const base = unquoted.includes("/") ? (unquoted.split("/").filter(Boolean).pop() ?? unquoted) : unquoted;
  return base.toLowerCase().replace(/^\d+$/, "<n>");
}

/**
 * A command's normalised head: the program and up to two words after it (flags kept: `npm test -- --run`
 * is not `npm test`), paths to their last part, `sudo -u x` and env assignments dropped, lower case.
 * "" for a command with no words.
 */
export function normaliseCommand(command: string): string {
  const words = commandWords(command).map(normWord);
  return words.slice(0, 3).join(" ");
}

/**
 * Lines that say what went wrong, in preference to the rest — a named exception among them (`AttributeError:
 * …`, `pydantic.errors.PydanticImportError: …`: a Python traceback's telling line is its last, not the
 * `Traceback` and `File …` lines above it, which every traceback shares).
 */
const TELLING =
  /\b([a-z.]*(?:error|exception)|err(or)?|fail(ed|ure)?|exception|denied|not found|no such|cannot|can't|unable|unknown|invalid|refused|forbidden|unauthori[sz]ed|missing|must|expected|timed? ?out|enotcached|eacces|enoent|eperm)\b|ERR!/i;
const NOISE = /^(exit code|exited with|command failed with exit|process exited)/i;

/**
 * An error's signature: its telling lines (or its first lines), with paths, URLs, hex ids, numbers and quoted
 * values replaced by placeholders, lower case, whitespace collapsed, at most 200 characters.
 */
export function errorSignature(error: string): string {
  const lines = error
    .replace(ANSI, "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !NOISE.test(l));
  const telling = lines.filter((l) => TELLING.test(l));
  const picked = (telling.length ? telling : lines).slice(0, 3).join(" ");
  return picked
    .replace(/https?:\/\/\S+/g, "<url>")
    .replace(/[^\s:'"(),]*\/[^\s:'"(),]+/g, "<path>")
    .replace(/\b[0-9a-f]{8,}\b/gi, "<hex>")
    .replace(/\b\d+(\.\d+)*\b/g, "<n>")
    .replace(/(["'`])[^"'`]{1,80}\1/g, "<q>")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}

/** The words of a signature or command that count for similarity (placeholders and short words left out). */
export function signatureTokens(s: string): Set<string> {
  return new Set(s.split(/[^a-z0-9_.-]+/).filter((t) => t.length >= 3 && !/^\d+$/.test(t)));
}

/** Jaccard similarity of two signatures' tokens (1 for two empty ones: nothing tells them apart). */
export function similarity(a: string, b: string): number {
  const x = signatureTokens(a);
  const y = signatureTokens(b);
  if (x.size === 0 && y.size === 0) return 1;
  let both = 0;
  for (const t of x) if (y.has(t)) both++;
  return both / (x.size + y.size - both);
}

/** How similar two errors must be to be the same failure. */
export const SAME_FAILURE = 0.5;
