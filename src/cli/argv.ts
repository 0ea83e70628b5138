/** The global options that take the next word as their value. */
export const VALUE_OPTIONS: ReadonlySet<string> = new Set(["--brain", "--cwd"]);

/** Where the command word is in `args` from `start`: past the global options (and their values). */
export function commandIndex(args: readonly string[], start = 0): number {
  let i = start;
  while (i < args.length && args[i]?.startsWith("-")) i += VALUE_OPTIONS.has(args[i] as string) ? 2 : 1;
  return i;
}
