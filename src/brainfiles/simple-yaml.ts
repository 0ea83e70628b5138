/**
 * The frontmatter most SKILL.md files have — `name: …` and `description: …`, one plain value a line — read
 * without the YAML library: loading it costs ~40 ms of CPU, on every `brain context` and in-process prompt hook
 * (the skills are listed in each). Anything else (quotes, lists, comments, blank lines, a value YAML would read
 * as a number, boolean or null, or that holds `: ` or ` #`) returns null and goes to the YAML parser, so the
 * result is always what `yaml.parse` gives (test/brainfiles/simple-yaml.test.ts checks it over generated text).
 */
const LINE = /^([A-Za-z][A-Za-z0-9_-]*):[ ]+(.*)$/;
/** A plain scalar YAML reads as that very string: starts with a letter, printable, no indicator inside. */
const PLAIN = /^[A-Za-z][\x20-\x7e\u00a0-\ud7ff\ue000-\ufffd]*$/;
/** Words a YAML schema reads as something else than a string (1.2 core; 1.1's booleans to be safe). */
const SPECIAL = /^(?:null|true|false|y|n|yes|no|on|off|nan|inf)$/i;

function plain(s: string): boolean {
  return PLAIN.test(s) && !SPECIAL.test(s) && !s.includes(": ") && !s.includes(" #") && !s.endsWith(":");
}

/** `text` as a map of strings when every line is `key: plain value`; null otherwise (use the YAML parser). */
export function simpleYaml(text: string): Record<string, string> | null {
  if (text === "") return null;
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = LINE.exec(line);
    if (!m) return null;
    const key = m[1] as string;
    const value = (m[2] as string).replace(/ +$/, "");
    if (!plain(key) || !plain(value) || Object.hasOwn(out, key)) return null;
    out[key] = value;
  }
  return out;
}
