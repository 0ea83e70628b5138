import { stripControls } from "../core/one-line.ts";

/**
 * Everything the CLI prints for a person goes through here: memories, file names and error messages may
 * hold terminal escape sequences (which can retitle the window, hide text or rewrite the screen) and
 * control characters. Line breaks and tabs stay. JSON output needs nothing: JSON escapes controls.
 */
export function forTerminal(text: string): string {
  return stripControls(text);
}
