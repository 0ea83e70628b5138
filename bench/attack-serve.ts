/**
 * Attacks on the resident server's resources (issue 21), measured, not asserted:
 *   node --import tsx bench/attack-serve.ts [--bin dist/cli/main.js] [--body-mb 200] [--subscribers 500]
 *        [--flood-mb 40] [--idle 4500] [--config settings.json] [--only body|flood|subscribers|idle] [--server-nofile 1024]
 * (after `npm run build`; `--bin` may name another build's dist/cli/main.js, e.g. the code before the fix).
 *
 * Starts `brain serve` on a fresh brain (default settings unless --config) and reports the server's RSS (from
 * /proc) idle and at its peak during each attack, and whether `GET /api/health` answers meanwhile (every
 * 200 ms, 2 s per try):
 *   1. a body far above the cap, declared (Content-Length) and chunked, streamed with the token;
 *   2. N event-stream subscribers that read nothing, while another process appends `--flood-mb` of entries;
 *   3. N idle sockets that send nothing: how many the server still keeps open after 1, 3 and 8 s.
 * Nothing here runs under npm test.
 */
import * as fs from "node:fs";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import * as os from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, spawnServer } from "./attack-support.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]?.replace(/^--/, "") ?? "", process.argv[i + 1] ?? "");
const BIN = resolve(args.get("bin") ?? join(ROOT, "dist", "cli", "main.js"));
const BODY_MB = Number(args.get("body-mb") ?? 200);
const SUBSCRIBERS = Number(args.get("subscribers") ?? 500);
const FLOOD_MB = Number(args.get("flood-mb") ?? 40);
const IDLE = Number(args.get("idle") ?? 4500);

interface Info {
  pid: number;
  port: number;
  token: string;
}

const rssMb = (pid: number): number => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
  } catch {
    return Number.NaN; // out of descriptors here, or the server is gone
  }
};

function health(info: Info): Promise<number | null> {
  const t0 = performance.now();
  return new Promise((done) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: info.port,
        path: "/api/health",
        agent: false,
        timeout: 2000,
        headers: { authorization: `Bearer ${info.token}` },
      },
      (res) => res.resume().on("end", () => done(res.statusCode === 200 ? performance.now() - t0 : null)),
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => done(null));
    req.end();
  });
}

/** While `attack` runs: the server's peak RSS, and how /api/health fared (answered, failed, slowest). */
async function during(info: Info, attack: () => Promise<string>): Promise<Record<string, string | number>> {
  let peak = rssMb(info.pid);
  let running = true;
  const sampler = setInterval(() => {
    const now = rssMb(info.pid);
    if (Number.isFinite(now)) peak = Math.max(peak, now);
  }, 20);
  const answers: (number | null)[] = [];
  const prober = (async () => {
    while (running) {
      answers.push(await health(info));
      await sleep(200);
    }
  })();
  const outcome = await attack();
  running = false;
  await prober;
  clearInterval(sampler);
  const ok = answers.filter((a): a is number => a !== null);
  return {
    outcome,
    peakRssMb: peak,
    health: `${ok.length}/${answers.length} answered, slowest ${ok.length ? Math.round(Math.max(...ok)) : "-"} ms`,
  };
}

/** POST a body of `mb` MB (declared or chunked) with the token; how much the server took and what it said. */
function bigBody(info: Info, mb: number, chunked: boolean): Promise<string> {
  return new Promise((done) => {
    const total = mb * 1024 * 1024;
    const s = connect(info.port, "127.0.0.1");
    let answer = "";
    let sent = 0;
    s.on("data", (d) => {
      answer += d.toString("latin1");
    });
    const finish = () =>
      done(`${Math.round(sent / 1048576)} MB sent, answer: ${answer.split("\r\n")[0] || "none"}`);
    s.on("error", finish);
    s.on("close", finish);
    s.write(
      `POST /api/entries HTTP/1.1\r\nHost: 127.0.0.1:${info.port}\r\nAuthorization: Bearer ${info.token}\r\n` +
        `Content-Type: application/json\r\n${chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${total}`}\r\n\r\n`,
    );
    const piece = Buffer.alloc(64 * 1024, "a");
    const chunk = chunked
      ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")])
      : piece;
    const pump = () => {
      while (sent < total && !s.destroyed) {
        sent += piece.length;
        if (!s.write(chunk)) return void s.once("drain", pump);
      }
      if (!s.destroyed) s.end(chunked ? "0\r\n\r\n" : "");
    };
    pump();
  });
}

/** `n` subscribers that read nothing once their stream has started; how many got one. */
async function stuckSubscribers(info: Info, n: number): Promise<{ sockets: Socket[]; started: number }> {
  const sockets: Socket[] = [];
  let started = 0;
  await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<void>((done) => {
          const s = connect(info.port, "127.0.0.1", () =>
            s.write(
              `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${info.port}\r\nAuthorization: Bearer ${info.token}\r\n\r\n`,
            ),
          );
          sockets.push(s);
          s.once("data", (d: Buffer) => {
            if (d.toString("latin1").startsWith("HTTP/1.1 200")) started++;
            s.pause();
            done();
          });
          s.on("error", () => done());
          s.on("close", () => done());
        }),
    ),
  );
  return { sockets, started };
}

/** Another process's appends: `mb` MB of 8 kB learnings, 1 MB at a time. */
async function flood(brainPath: string, mb: number): Promise<string> {
  let id = 0;
  for (let i = 0; i < mb; i++) {
    const lines = Array.from({ length: 128 }, () =>
      JSON.stringify({
        id: `fl${String(id++).padStart(6, "0")}`,
        type: "learning",
        text: `${id} ${"x".repeat(8150)}`,
        created: new Date().toISOString(),
      }),
    );
    fs.appendFileSync(brainPath, `${lines.join("\n")}\n`);
    await sleep(50);
  }
  await sleep(2000);
  return `${mb} MB appended`;
}

/** `n` sockets that send nothing; how many the server still keeps after 1, 3 and 8 s. */
async function idleSockets(info: Info, n: number): Promise<string> {
  const open = new Set<Socket>();
  for (let i = 0; i < n; i++) {
    const s = connect(info.port, "127.0.0.1");
    open.add(s);
    s.on("error", () => open.delete(s));
    s.on("close", () => open.delete(s));
  }
  const kept: string[] = [];
  let at = 0;
  for (const t of [1000, 3000, 8000]) {
    await sleep(t - at);
    at = t;
    kept.push(
      `after ${t / 1000} s the server holds ${serverSockets(info.pid)} sockets (${open.size} open here)`,
    );
  }
  for (const s of open) s.destroy();
  return kept.join(", ");
}

type Row = Record<string, string | number>;

/** One attack on a fresh server (so one attack's leftovers do not count in the next one's numbers). */
async function scenario(
  name: string,
  attack: (info: Info, brainPath: string) => Promise<string>,
): Promise<void> {
  const work = fs.mkdtempSync(join(os.tmpdir(), "brain-attack-"));
  const nofile = args.has("server-nofile") ? Number(args.get("server-nofile")) : undefined;
  const server = await spawnServer(BIN, work, args.get("config"), nofile);
  const info = server.info as Info;
  try {
    await sleep(300);
    const idle = rssMb(info.pid);
    const r: Row = await during(info, () => attack(info, server.brainPath));
    const after = (await health(info)) !== null ? "answers" : "no answer";
    process.stdout.write(
      `${name.padEnd(40)} RSS idle ${idle} MB, peak ${r.peakRssMb} MB | health ${r.health}; after: ${after} | ${r.outcome}\n`,
    );
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Sockets the server process holds open (its descriptors of type socket). */
function serverSockets(pid: number): number {
  let n = 0;
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`))
    try {
      if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:")) n++;
    } catch {
      /* closed meanwhile */
    }
  return n;
}

async function main(): Promise<void> {
  process.stdout.write(`brain serve from ${BIN}\n`);
  const only = args.get("only"); // body | flood | subscribers | idle
  const run = (key: string) => only === undefined || only === key;
  if (run("body")) {
    await scenario(`body ${BODY_MB} MB, Content-Length`, (info) => bigBody(info, BODY_MB, false));
    await scenario(`body ${BODY_MB} MB, chunked`, (info) => bigBody(info, BODY_MB, true));
  }
  if (run("flood"))
    await scenario(`${FLOOD_MB} MB appended, no subscriber`, (_info, brainPath) =>
      flood(brainPath, FLOOD_MB),
    );
  if (run("subscribers"))
    await scenario(`${SUBSCRIBERS} stuck subscribers + ${FLOOD_MB} MB`, async (info, brainPath) => {
      const stuck = await stuckSubscribers(info, SUBSCRIBERS);
      const f = await flood(brainPath, FLOOD_MB);
      const left = serverSockets(info.pid);
      for (const s of stuck.sockets) s.destroy();
      return `${stuck.started} streams started, ${f}, server holds ${left} sockets at the end`;
    });
  if (run("idle")) await scenario(`${IDLE} idle sockets`, (info) => idleSockets(info, IDLE));
}

await main();
