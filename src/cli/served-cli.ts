import { isAbsolute } from "node:path";
import type { ResolvedConfig } from "../config.ts";
import { writeStderr, writeStdout } from "../hooks/std-out.ts";
import { liveServeInfoOf } from "../serve/state-file.ts";
import { answerEnv, cliConfig } from "./cli-config.ts";

/**
 * `brain add`, `list`, `search`, `context`, `get`, `stats` answered by the resident server, on the bin's short
 * path (src/cli/bin.ts; no commander, zod or engine): the command is sent through the server's own socket
 * (src/serve/client.ts) to `POST /api/cli` (src/cli/served-run.ts), which runs the same command code on its
 * open brain and returns what it printed and its exit code. Only the plain forms of these six commands are
 * sent (servedCommand: the options each one has, each given once as `--name value`); anything else — help,
 * `--queries`, `--opt=value`, a relative `--cwd` — and every case the server cannot answer (none of ours is
 * running, it serves another brain or another environment, it refuses, it does not answer in time) runs in
 * process, exactly as without a server.
 */
export const SERVED_COMMANDS = ["add", "list", "stats", "get", "search", "context"] as const;
export type ServedName = (typeof SERVED_COMMANDS)[number];

export interface ServedCommand {
  command: ServedName;
  /** The positional words (key=value pairs, the id, the query's words). */
  words: string[];
  /** The global options (`--brain`, `--cwd`, `--json`) and the command's own, by commander's camelCase names. */
  opts: Record<string, string | boolean>;
}

/** Each command's options: true takes a value, false is a switch. `--json` is accepted after the command too. */
const OPTIONS: Record<ServedName, Record<string, boolean>> = {
  add: {},
  list: {},
  stats: {},
  get: {},
  search: { limit: true, offset: true },
  context: {
    budget: true,
    format: true,
    explain: false,
    compat: true,
    files: true,
    include: true,
    query: true,
    recover: false,
  },
};

const isServed = (w: string | undefined): w is ServedName =>
  (SERVED_COMMANDS as readonly string[]).includes(w ?? "");

/** The command in `args` (argv after node and the script) when it is one the server may run, else null. */
export function servedCommand(args: readonly string[]): ServedCommand | null {
  const opts: Record<string, string | boolean> = {};
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i] as string;
    const value = args[i + 1];
    if (a === "--json") opts.json = true;
    else if ((a === "--brain" || a === "--cwd") && value !== undefined && !value.startsWith("-")) {
      if (a.slice(2) in opts) return null;
      opts[a.slice(2)] = value;
      i++;
    } else break;
  }
  // A relative --cwd would be resolved against the server's directory: not sent.
  if (typeof opts.cwd === "string" && !isAbsolute(opts.cwd)) return null;
  const command = args[i] ?? (i === 0 ? "stats" : undefined); // `brain` alone is `brain stats`
  if (!isServed(command)) return null;
  const known = OPTIONS[command];
  const words: string[] = [];
  for (i++; i < args.length; i++) {
    const a = args[i] as string;
    if (!a.startsWith("-")) {
      words.push(a);
      continue;
    }
    const name = a.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (a === "--json") opts.json = true;
    else if (!a.startsWith("--") || !(name in known) || name in opts) return null;
    else if (!known[name]) opts[name] = true;
    else {
      const value = args[++i];
      if (value === undefined || value.startsWith("-")) return null;
      opts[name] = value;
    }
  }
  const count = words.length;
  if (
    command === "stats"
      ? count > 0
      : command === "get"
        ? count !== 1
        : command === "search"
          ? count === 0
          : false
  )
    return null;
  if (command === "context" && count > 0) return null;
  return { command, words, opts };
}

export interface ServedRequest extends ServedCommand {
  /** The client's working directory: the directory the command answers for (unless --cwd says another). */
  cwd: string;
  /** The brain the client resolved; the server answers only for its own. */
  brainPath: string;
  /** The client's answerEnv(): the server answers only when its own is the same. */
  env: string;
}

/** What the server printed and the exit code, or null: run in process. */
export interface ServedAnswer {
  stdout: string;
  stderr: string;
  code: number;
}

/** A read answers in milliseconds; past this it is done in process. */
const READ_MS = 1000;
/**
 * A write the server may have made though its answer is late: waited for much longer (a slow first write on a
 * loaded machine is not a dead server). If it still does not come, the command runs in process, where the write
 * gate refuses a duplicate of an entry the server did write (DUPLICATE, exit 4): never a second copy.
 */
const WRITE_MS = 30_000;

export async function askServer(cmd: ServedCommand): Promise<(ServedAnswer & { timing: boolean }) | null> {
  let config: ResolvedConfig;
  try {
    config = cliConfig(cmd.opts.brain as string | undefined, cmd.opts.cwd as string | undefined);
  } catch {
    return null; // the CLI reports the settings file's error
  }
  if (config.store) return null; // a team store's brain: its commands run in process
  const info = liveServeInfoOf(config);
  if (!info) return null;
  const { ask } = await import("../serve/ask.ts");
  const body: ServedRequest = { ...cmd, cwd: process.cwd(), brainPath: config.brainPath, env: answerEnv() };
  const a = await ask(info, "POST", "/api/cli", body, {
    totalMs: cmd.command === "add" ? WRITE_MS : READ_MS,
    maxBytes: 64 << 20,
  });
  const r = a?.body as Partial<ServedAnswer> | undefined;
  if (a?.status !== 200 || typeof r?.stdout !== "string" || typeof r.stderr !== "string") return null;
  if (typeof r.code !== "number" || !Number.isInteger(r.code)) return null;
  return { stdout: r.stdout, stderr: r.stderr, code: r.code, timing: config.hookTiming };
}

/** Run `args` through the server and print its answer: true when it did, false to run in process. */
export async function servedCli(args: readonly string[]): Promise<boolean> {
  // hrtime, not performance.now(): the first call of that loads perf_hooks (~1 ms of every command's start).
  const t0 = process.hrtime.bigint();
  const cmd = servedCommand(args);
  if (!cmd) return false;
  // Anything unexpected on the way (a working directory deleted under us: process.cwd() throws) is the
  // in-process path's to report.
  const a = await askServer(cmd).catch(() => null);
  if (!a) return false;
  writeStdout(a.stdout ?? "");
  writeStderr(a.stderr ?? "");
  // BRAIN_HOOK_TIMING: said like a hook's time, so a test (and a user) can see which path answered.
  if (a.timing)
    writeStderr(
      `brain ${cmd.command}: ${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(1)} ms answered by the server\n`,
    );
  process.exitCode = a.code;
  return true;
}
