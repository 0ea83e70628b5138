import { stripControls } from "../core/one-line.ts";

/**
 * Everything the CLI prints for a person goes through here: memories, file names and error messages may
 * hold terminal escape sequences (which can retitle the window, hide text or rewrite the screen) and
 * control characters. Tabs stay; every line break becomes a newline (a lone carriage return would let a
 * stored text overwrite the line printed before it). JSON output needs nothing: JSON escapes controls.
 */
export function forTerminal(text: string): string {
  return stripControls(text).replace(/\r\n?|[\v\f]/g, "\n");
}
