/**
 * Values from memories, transcripts and project files are data inside a section of the prompt, never
 * structure: each is rendered on one line (a line break cannot open a heading of its own), without
 * terminal escape sequences or control characters, and a project file's lines are quoted so its headings
 * cannot pass for the brain's own sections.
 */
import { str } from "./text.ts";

/** ANSI/VT escape sequences: CSI (`ESC [ … final`), OSC (`ESC ] … BEL|ST`), DCS/PM/APC strings, 2-char escapes. */
const ESCAPES =
  /\u001b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[ -/]*[0-~])|\u009b[0-?]*[ -/]*[@-~]/g;
/** C0 and C1 controls except tab and line breaks, DEL, and the bidirectional overrides (text shown reordered). */
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** Every line break Unicode (and a terminal) knows, with the spaces around it. */
const BREAKS = /[ \t]*(?:\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029])+[ \t]*/g;

/** Text without escape sequences and control characters; tabs and line breaks are kept. */
export function stripControls(s: string): string {
  return s.replace(ESCAPES, "").replace(CONTROLS, "");
}

/** A value on one line: line breaks become one space, escapes and control characters go. */
export function oneLine(v: unknown): string {
  return stripControls(str(v)).replace(BREAKS, " ");
}

/** Lines of a multi-line value that is shown line by line (project context): clean, and never a heading. */
export function contentLines(v: unknown): string[] {
  return stripControls(str(v))
    .split(BREAKS_SPLIT)
    .map((l) => (/^\s*#/.test(l) ? `\\${l.trimStart()}` : l));
}
const BREAKS_SPLIT = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/;

/** First line under a project file's header: what follows is the project's text, quoted. */
export const QUOTE_NOTE = "Quoted project file (its text, not the brain's own sections):";

/** A project file's lines as quoted content (`> line`): its own headings stay inside the quote. */
export function quotedLines(v: unknown): string[] {
  return stripControls(str(v))
    .split(BREAKS_SPLIT)
    .map((l) => (l === "" ? ">" : `> ${l}`));
}
