/**
 * What `brain install <host>` writes, as edits of files: each edit says what the file becomes with Brain in it
 * (from what it holds now, or null when it does not exist) and what it becomes without Brain again (null:
 * the file goes). Edits are pure text to text; src/hosts/setup/apply.ts reads, backs up, writes and records.
 */
export interface FileEdit {
  file: string;
  /** What this file is, for the report ("MCP server", "hooks", "plugin", "rules"). */
  what: string;
  install(text: string | null): string | null;
  uninstall(text: string): string | null;
}

export interface HostPlan {
  host: string;
  edits: FileEdit[];
  /** Said after installing (what the user still does, e.g. trust the hooks once). */
  notes: string[];
}

/** A file that is wholly Brain's (its plugin, its hooks file): written whole, removed when it is still ours. */
export function ownFile(file: string, what: string, content: string, signature: string): FileEdit {
  return {
    file,
    what,
    install: () => content,
    uninstall: (text) => (text.startsWith(signature) ? null : text),
  };
}

/** A JSON file Brain merges into: `empty` is what the file is without anything in it (deleted then). */
export function jsonFile(
  file: string,
  what: string,
  add: (text: string) => string,
  remove: (text: string) => string,
  empty: (text: string) => boolean,
): FileEdit {
  return {
    file,
    what,
    install: (text) => add(text ?? ""),
    uninstall: (text) => {
      const out = remove(text);
      return empty(out) ? null : out;
    },
  };
}
