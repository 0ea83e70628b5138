/** Start `brain serve` (any build's bin) on a fresh brain in `work`, for the attack scripts. */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { join } from "node:path";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface AttackServer {
  info: { pid: number; port: number; token: string };
  brainPath: string;
  stop(): Promise<void>;
}

/** `nofile`: the server's descriptor limit (`ulimit -n`, e.g. 1024 as on many desktops); the caller's is kept. */
export async function spawnServer(
  bin: string,
  work: string,
  config?: string,
  nofile?: number,
): Promise<AttackServer> {
  const brainPath = join(work, "brain", "brain.jsonl");
  fs.mkdirSync(join(work, "home"), { recursive: true });
  const argv = [bin, "serve", "--idle-minutes", "0"];
  const [file, fileArgs] =
    nofile === undefined
      ? [process.execPath, argv]
      : ["sh", ["-c", `ulimit -n ${nofile} && exec "$0" "$@"`, process.execPath, ...argv]];
  const child = spawn(file, fileArgs, {
    env: {
      PATH: process.env.PATH,
      HOME: join(work, "home"),
      BRAIN_PATH: brainPath,
      BRAIN_CONFIG: config ?? join(work, "no-config.json"),
      BRAIN_FSYNC: "0",
      BRAIN_SERVE_AUTOSTART: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (/listening on/.test(out)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`brain serve exited (${code}): ${out}`)));
  });
  const info = JSON.parse(fs.readFileSync(join(work, "brain", ".brain", "serve.json"), "utf8"));
  return {
    info,
    brainPath,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
