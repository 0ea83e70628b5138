import { BEGIN, END, mergeMarked, type RuleFormat } from "../../project/export-rules.ts";
import type { FileEdit } from "./plan.ts";

/**
 * The opt-in export (`brain install <host> --export`): what Brain knows that a host should always see, written
 * into the host's own rules or memory file between Brain's markers (src/project/export-rules.ts), updated in
 * place by the next install, taken out by `brain uninstall`. The rest of the file is the user's (or the
 * host's own memory) and stays byte for byte; Brain never reads its own section back as the host's memory.
 */
export function withoutMarked(text: string): string {
  const b = text.indexOf(BEGIN.slice(0, 16));
  if (b < 0) return text;
  const e = text.indexOf(END, b);
  if (e < 0) return text;
  let stop = e + END.length;
  if (text[stop] === "\n") stop++;
  let start = b;
  // The separator mergeMarked added before the section.
  if (start > 0 && text.slice(0, start).endsWith("\n\n")) start--;
  return text.slice(0, start) + text.slice(stop);
}

export function exportEdit(file: string, format: RuleFormat, body: string): FileEdit {
  return {
    file,
    what: "memory export",
    install: (text) => mergeMarked(text, body, format),
    uninstall: (text) => {
      const out = withoutMarked(text);
      return out.trim() === "" ? null : out;
    },
  };
}
