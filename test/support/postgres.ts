/**
 * A throwaway PostgreSQL server for the team store's tests: initdb in a temp directory, listening on
 * 127.0.0.1 on a free port (its socket in the same directory), stopped and removed when the process ends.
 * PostgreSQL refuses to run as root: as root, the server runs as the `postgres` system user (created if
 * missing). Under CI=true a server that cannot start fails the tests; elsewhere they skip with the reason.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestContext } from "node:test";

const BIN_DIRS = ["/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/14/bin"];

export interface PgServer {
  port: number;
  dir: string;
  /** A URL of database `db` (superuser, trust authentication). */
  url(db: string): string;
  /** Kill the postmaster and every backend with SIGKILL (a crash), then start it again. */
  crashAndRestart(): Promise<void>;
  kill9(): void;
  start(): Promise<void>;
}

function bin(name: string): string | null {
  for (const d of BIN_DIRS) if (fs.existsSync(join(d, name))) return join(d, name);
  const r = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

const asRoot = process.getuid?.() === 0;

function runAs(cmd: string, args: string[]): [string, string[]] {
  return asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
}

function ensureUser(): void {
  if (!asRoot) return;
  if (spawnSync("id", ["-u", "postgres"]).status === 0) return;
  execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"]);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolve(typeof a === "object" && a ? a.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitReady(port: number, dir: string, log: () => string): Promise<void> {
  const isready = bin("pg_isready");
  for (let i = 0; i < 600; i++) {
    const r = spawnSync(isready ?? "pg_isready", ["-h", "127.0.0.1", "-p", String(port), "-q"]);
    if (r.status === 0) return;
    await sleep(50);
  }
  throw new Error(`postgres in ${dir} did not become ready:\n${log()}`);
}

let started: Promise<PgServer> | null = null;

/** The process's server, started on first use. */
export function postgres(): Promise<PgServer> {
  started ??= startServer();
  return started;
}

async function startServer(): Promise<PgServer> {
  const initdb = bin("initdb");
  const postgresBin = bin("postgres");
  if (!initdb || !postgresBin) throw new Error("PostgreSQL binaries (initdb, postgres) not found");
  ensureUser();
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-pg-"));
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  const data = join(dir, "data");
  const [c, a] = runAs(initdb, ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  execFileSync(c, a, { stdio: "pipe" });
  const port = await freePort();
  const logFile = join(dir, "server.log");
  let child: ReturnType<typeof spawn> | null = null;
  const start = async () => {
    const [sc, sa] = runAs(postgresBin, [
      "-D",
      data,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${dir}`,
      "-c",
      "max_connections=200",
      "-c",
      "fsync=off",
    ]);
    const out = fs.openSync(logFile, "a");
    child = spawn(sc, sa, { stdio: ["ignore", out, out], detached: false });
    // The server never keeps the test process alive; it is killed when the process exits.
    child.unref();
    fs.closeSync(out);
    await waitReady(port, dir, () => fs.readFileSync(logFile, "utf8"));
  };
  const postmasterPid = () => Number(fs.readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  const kill9 = () => {
    const pid = postmasterPid();
    const kids = fs
      .readdirSync("/proc")
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]?.split(" ")[1] === String(pid);
        } catch {
          return false;
        }
      });
    for (const p of [pid, ...kids.map(Number)]) {
      try {
        process.kill(p, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
  };
  await start();
  const stop = () => {
    try {
      kill9();
    } catch {
      /* not running */
    }
    (child as ReturnType<typeof spawn> | null)?.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", stop);
  return {
    port,
    dir,
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    kill9,
    start,
    crashAndRestart: async () => {
      kill9();
      for (let i = 0; i < 200 && fs.existsSync(`/proc/${postmasterPid()}`); i++) await sleep(25);
      await start();
    },
  };
}

let dbCount = 0;

/** A fresh database on the server (synchronous, so a store harness can make one per test). */
export function createDatabaseSync(server: PgServer, t?: TestContext): string {
  const name = `brain_${process.pid}_${++dbCount}`;
  const createdb = bin("createdb") ?? "createdb";
  execFileSync(createdb, ["-h", "127.0.0.1", "-p", String(server.port), "-U", "postgres", name], {
    stdio: "pipe",
  });
  t?.after(() => {
    spawnSync(bin("dropdb") ?? "dropdb", [
      "-h",
      "127.0.0.1",
      "-p",
      String(server.port),
      "-U",
      "postgres",
      "--force",
      name,
    ]);
  });
  return server.url(name);
}

/**
 * The server, or null (after saying why) when PostgreSQL cannot start here. Under CI it must start: the
 * error is thrown so the suite fails loudly.
 */
export async function postgresOrSkip(): Promise<PgServer | null> {
  try {
    return await postgres();
  } catch (err) {
    if (process.env.CI === "true") throw err;
    process.stderr.write(`postgres tests skipped: ${(err as Error).message}\n`);
    return null;
  }
}
