import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { userBrainDir } from "../store/home.ts";

/**
 * The stable entry point: the one command line written into a host's config (`~/.brain/bin/brain`, a POSIX
 * sh script), which never changes across Brain upgrades or a switch of Node version — some hosts trust a
 * hook by the hash of its command and silently stop running it when it changes. The script runs the install
 * recorded beside it in `brain.install` (line 1: the node binary, line 2: Brain's bin); every `brain install`
 * rewrites that file, never the hosts' command lines. A recorded node that is gone (Node switched or
 * removed) gives way to the `node` on PATH.
 */
export interface EntryPoint {
  /** The script hosts run. */
  script: string;
  /** Which install it runs. */
  pointer: string;
}

export function entryPoint(home: string): EntryPoint {
  const dir = join(userBrainDir(home), "bin");
  return { script: join(dir, "brain"), pointer: join(dir, "brain.install") };
}

/** A word for sh, single-quoted. */
const quoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function entryScript(pointer: string): string {
  return `#!/bin/sh
# Brain's stable entry point, written by \`brain install\`. Agent hosts run this file: its path never changes
# when Brain is upgraded or Node is switched. It runs the install recorded in the file below (line 1: node,
# line 2: Brain's bin), which every \`brain install\` rewrites.
pointer=${quoted(pointer)}
{ IFS= read -r node && IFS= read -r bin; } < "$pointer" 2>/dev/null || {
  echo "brain: no install recorded in $pointer: run \\\`brain install\\\` again" >&2
  exit 1
}
[ -x "$node" ] || node=$(command -v node) || {
  echo "brain: node not found (recorded: $node)" >&2
  exit 1
}
[ -f "$bin" ] || {
  echo "brain: $bin is gone: run \\\`brain install\\\` again" >&2
  exit 1
}
exec "$node" "$bin" "$@"
`;
}

/** Write `content` to `file` through a temp file and a rename (a host running it never sees half a file). */
function replace(file: string, content: string, mode: number): boolean {
  try {
    if (fs.readFileSync(file, "utf8") === content && (fs.statSync(file).mode & 0o777) === mode) return false;
  } catch {
    /* not there yet */
  }
  fs.mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content, { mode });
  fs.chmodSync(tmp, mode);
  fs.renameSync(tmp, file);
  return true;
}

/**
 * Point the entry point at this install (`node`: the binary running it, `bin`: Brain's installed bin) and
 * return the command hosts are to run. Idempotent: the script is written once; an upgrade changes the pointer.
 */
export function installEntryPoint(home: string, target: { node: string; bin: string }): EntryPoint {
  const e = entryPoint(home);
  replace(e.script, entryScript(e.pointer), 0o755);
  replace(e.pointer, `${target.node}\n${target.bin}\n`, 0o644);
  return e;
}
