/**
 * A process that is not our server but answers like it: a plain node listener on a TCP port and/or a Unix
 * socket that records every connection and every byte it receives (JSON lines on its stdout) and answers
 * every request with a 200 and the JSON body it was given. Run as another local user (`runuser -u nobody`)
 * where the test runs as root and runuser exists. It exits when its stdin closes.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { connect } from "node:net";
import { type Started, startProcess } from "../support/spawn.ts";

const SCRIPT = `
const net = require("node:net"), fs = require("node:fs"), path = require("node:path");
const cfg = JSON.parse(process.argv[1]);
const log = (o) => process.stdout.write(JSON.stringify(o) + "\\n");
const bodyFor = (head) => {
  const path = /^[A-Z]+ (\\S+)/.exec(head)?.[1] ?? "";
  return Buffer.from(JSON.stringify(Object.hasOwn(cfg.replies, path) ? cfg.replies[path] : cfg.reply));
};
const onConn = (where) => (s) => {
  log({ conn: where });
  let buf = Buffer.alloc(0);
  s.on("error", () => {});
  s.on("data", (d) => {
    log({ where, data: d.toString("latin1") });
    buf = Buffer.concat([buf, d]);
    const end = buf.indexOf("\\r\\n\\r\\n");
    if (end < 0) return;
    const len = Number(/content-length:\\s*(\\d+)/i.exec(buf.subarray(0, end).toString("latin1"))?.[1] ?? 0);
    if (buf.length < end + 4 + len) return;
    const body = bodyFor(buf.subarray(0, end).toString("latin1"));
    s.end(Buffer.concat([Buffer.from("HTTP/1.1 200 OK\\r\\ncontent-type: application/json\\r\\ncontent-length: " + body.length + "\\r\\nconnection: close\\r\\n\\r\\n"), body]));
  });
};
const servers = [];
if (cfg.port !== undefined) servers.push(net.createServer(onConn("tcp")).listen(cfg.port, "127.0.0.1"));
if (cfg.socket) {
  fs.mkdirSync(path.dirname(cfg.socket), { recursive: true, mode: 0o755 });
  try { fs.unlinkSync(cfg.socket); } catch {}
  servers.push(net.createServer(onConn("unix")).listen(cfg.socket, () => fs.chmodSync(cfg.socket, cfg.socketMode ?? 0o777)));
}
let up = 0;
for (const s of servers) {
  s.on("error", (e) => { log({ error: e.code || e.message }); process.exit(1); });
  s.on("listening", () => { if (++up === servers.length) log({ listening: true, pid: process.pid, uid: process.getuid(), port: cfg.port === undefined ? undefined : servers[0].address().port }); });
}
process.stdin.on("data", () => {});
process.stdin.on("end", () => process.exit(0));
`;

export interface ImpostorOptions {
  /** TCP port on 127.0.0.1 to hold (0: any free one). */
  port?: number;
  /** Unix socket path to listen on (its directory is created by the impostor). */
  socket?: string;
  socketMode?: number;
  /** What every request is answered with (a JSON body, status 200)… */
  reply: unknown;
  /** …but a request for one of these paths with its own body. */
  replies?: Record<string, unknown>;
  /** Run as this other user (root only, with runuser); undefined: as this process's user. */
  asUser?: string;
}

export interface Received {
  /** Connections accepted, the probe's excluded. */
  connections: number;
  /** Every byte received (latin1), the probe's excluded. */
  data: string;
}

export interface Impostor {
  pid: number;
  uid: number;
  port: number | undefined;
  /**
   * What the impostor received before this call: a probe connection is made and waited for, so every
   * earlier connection (accepted first: the kernel's queue is in order) has been logged.
   */
  received(): Promise<Received>;
  stop(): Promise<void>;
}

/** Why a real second user cannot be used here, or null when it can (`runuser -u nobody`). */
export function noSecondUser(): string | null {
  if (process.getuid?.() !== 0) return "not running as root: cannot run a process as another user";
  try {
    execFileSync("runuser", ["--help"], { stdio: "ignore" });
  } catch {
    return "runuser is missing: cannot run a process as another user";
  }
  return null;
}

export async function startImpostor(
  o: ImpostorOptions,
  t: { after: (fn: () => Promise<void> | void) => void },
): Promise<Impostor> {
  const cfg = JSON.stringify({
    port: o.port,
    socket: o.socket,
    socketMode: o.socketMode,
    reply: o.reply,
    replies: o.replies ?? {},
  });
  const [file, args] = o.asUser
    ? ["runuser", ["-u", o.asUser, "--", process.execPath, "-e", SCRIPT, cfg]]
    : [process.execPath, ["-e", SCRIPT, cfg]];
  const proc: Started = startProcess(file, args as string[], { env: { PATH: process.env.PATH }, cwd: "/" });
  const stop = async () => {
    proc.child.stdin?.end();
    await proc.done;
  };
  t.after(stop);
  const up = JSON.parse(await proc.waitForLine(/"listening"|"error"/)) as {
    listening?: boolean;
    error?: string;
    pid: number;
    uid: number;
    port?: number;
  };
  if (!up.listening) throw new Error(`the impostor could not listen: ${up.error}`);
  let probes = 0;
  const received = async (): Promise<Received> => {
    // One probe per listener: each kernel queue is in order, two queues are not in order with each other.
    const wheres = [
      ...(o.socket ? [{ path: o.socket }] : []),
      ...(up.port !== undefined ? [{ port: up.port, host: "127.0.0.1" }] : []),
    ];
    for (const where of wheres) {
      const marker = `PROBE-${process.hrtime.bigint()}`;
      await new Promise<void>((resolve, reject) => {
        const s = connect(where, () => s.end(`${marker}\r\n\r\n`));
        s.on("error", reject);
        s.on("close", () => resolve());
        s.resume();
      });
      await proc.waitForLine(new RegExp(marker));
      probes++;
    }
    const log = proc.lines
      .filter((l) => l.startsWith("{") && !l.includes('"listening"'))
      .map((l) => JSON.parse(l) as { conn?: string; data?: string });
    return {
      connections: log.filter((e) => e.conn !== undefined).length - probes,
      data: log
        .filter((e) => e.data !== undefined && !e.data.includes("PROBE-"))
        .map((e) => e.data)
        .join(""),
    };
  };
  return { pid: up.pid, uid: up.uid, port: up.port, received, stop };
}

/** Remove a directory a test or an impostor made (as root: whoever owns it). */
export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
