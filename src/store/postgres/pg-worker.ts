/**
 * The team store's worker thread: owns the connections to PostgreSQL and answers the calling thread's
 * synchronous calls (sync-call.ts). Reconnects with backoff when the server restarts or the network drops; an
 * open write transaction is then begun again and its appended rows replayed, which their idempotency keys make
 * harmless if the first attempt had in fact committed. Loaded only when a brain's store is a postgres:// URL.
 */
import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import pg from "pg";
import { migrate, WRITE_LOCK } from "./migrations.ts";
import type { AppendOutcome, ReadFilter, RowIn, Rows, WorkerConfig } from "./protocol.ts";
import { CHANNEL } from "./protocol.ts";
import { backoff, retriable, sleep } from "./retry.ts";
import { serveCalls } from "./sync-call.ts";
import { redactText, redactUrl } from "./url.ts";

const { port, flag, config } = workerData as { port: MessagePort; flag: Int32Array; config: WorkerConfig };

let client: pg.Client | null = null;
let migrated = false;
/** The write transaction in progress: its rows (replayed after a reconnect) and whether this connection has it open. */
let tx: { rows: RowIn[]; lockTimeoutMs: number; open: boolean } | null = null;

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({
    connectionString: config.url,
    connectionTimeoutMillis: config.connectTimeoutMs,
    application_name: "brain",
  });
  const forget = () => {
    if (client === c) client = null;
    if (tx && client === null) tx.open = false;
  };
  c.on("error", forget);
  c.on("end", forget);
  await c.connect();
  if (!migrated) {
    await migrate(c);
    migrated = true;
  }
  return c;
}

/** Run `fn` on a live connection (inside the open transaction, if any), retrying what is retriable. */
async function session<T>(fn: (c: pg.Client) => Promise<T>, budgetMs = config.retryMs): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt++) {
    try {
      client ??= await connect();
      if (tx && !tx.open) await beginOn(client, tx);
      return await fn(client);
    } catch (err) {
      const wait = backoff(attempt, Math.random);
      if (!retriable(err) || Date.now() + wait > deadline) throw err;
      const dead = client;
      client = null;
      if (tx) tx.open = false;
      dead?.end().catch(() => {});
      await sleep(wait);
    }
  }
}

async function beginOn(c: pg.Client, t: NonNullable<typeof tx>): Promise<void> {
  // One round trip (the simple protocol runs the three statements in order).
  const ms = Math.max(1, Math.floor(t.lockTimeoutMs));
  await c.query(`BEGIN; SET LOCAL lock_timeout = ${ms}; SELECT pg_advisory_xact_lock(${WRITE_LOCK})`);
  t.open = true;
  if (t.rows.length > 0) await appendRows(c, t.rows);
}

const VISIBLE = `(namespace = 'team' OR namespace = $1 OR (left(namespace, 8) = 'project:' AND $2::text IS NOT NULL
  AND ($2 = substr(namespace, 9) OR starts_with($2, rtrim(substr(namespace, 9), '/') || '/'))))`;
const filterParams = (f: ReadFilter) => [f.personal, f.cwd];

async function appendRows(c: pg.Client, rows: RowIn[]): Promise<AppendOutcome[]> {
  if (rows.length === 0) return [];
  const col = <K extends keyof RowIn>(k: K) => rows.map((r) => r[k]);
  const r = await c.query<{ ok: AppendOutcome }>(
    `SELECT brain_append(k, i, t, l, j, c, n, h, g, $10) AS ok
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::bool[], $6::bool[], $7::text[],
                   $8::text[], $9::text[]) AS u(k, i, t, l, j, c, n, h, g)`,
    [
      col("key"),
      col("id"),
      col("type"),
      col("line"),
      col("json"),
      col("complete"),
      col("namespace"),
      col("hash"),
      col("target"),
      config.writer,
    ],
  );
  return r.rows.map((x) => x.ok);
}

/** Announce the rows and commit, in one round trip (the notification is delivered at the commit). */
const notifyAndCommit = (c: pg.Client) =>
  c.query(`SELECT pg_notify('${CHANNEL}', (SELECT coalesce(max(seq), 0)::text FROM brain_events)); COMMIT`);

/** `fn` in a write transaction of its own (or in the open one), committed and announced. */
async function atomically<T>(fn: (c: pg.Client) => Promise<T>, lockTimeoutMs: number): Promise<T> {
  if (tx) return session(fn);
  tx = { rows: [], lockTimeoutMs, open: false };
  try {
    return await session(async (c) => {
      const out = await fn(c);
      await notifyAndCommit(c);
      return out;
    });
  } finally {
    if (tx?.open) await client?.query("ROLLBACK").catch(() => {});
    tx = null;
  }
}

let listening: Promise<void> | null = null;

/** LISTEN on a connection of its own, reconnecting forever; resolves once the first LISTEN is in place. */
function listen(): Promise<void> {
  listening ??= new Promise<void>((ready, fail) => {
    void (async () => {
      let first = true;
      for (let attempt = 0; ; attempt++) {
        const c = new pg.Client({
          connectionString: config.url,
          connectionTimeoutMillis: config.connectTimeoutMs,
        });
        try {
          const ended = new Promise<void>((resolve) => {
            c.on("error", () => resolve());
            c.on("end", () => resolve());
          });
          await c.connect();
          c.on("notification", (n) => {
            const seq = Number(n.payload);
            parentPort?.postMessage({ kind: "append", seq: Number.isFinite(seq) ? seq : null });
          });
          await c.query(`LISTEN ${CHANNEL}`);
          if (first) ready();
          // Anything committed while we were not listening is found by the subscriber's next refresh.
          else parentPort?.postMessage({ kind: "append", seq: null });
          first = false;
          attempt = 0;
          await ended;
        } catch (err) {
          if (first && attempt >= 3) fail(err);
        }
        c.end().catch(() => {});
        await sleep(backoff(attempt, Math.random));
      }
    })();
  });
  return listening;
}

type Args = Record<string, unknown>;
const ops: Record<string, (a: Args) => Promise<unknown>> = {
  open: () => session(async () => null, config.connectTimeoutMs),
  identity: (a) =>
    session(async (c) => {
      const r = await c.query<{ generation: string; size: string }>(
        `SELECT (SELECT value FROM brain_meta WHERE key = 'generation') AS generation,
                (SELECT coalesce(max(seq), 0) FROM brain_events WHERE ${VISIBLE}) AS size`,
        filterParams(a.filter as ReadFilter),
      );
      return { generation: r.rows[0]?.generation ?? "", size: Number(r.rows[0]?.size ?? 0) };
    }),
  /** What a derived file's fingerprint checks: the generation, the newest visible seq, and row `seq`'s text. */
  mark: (a) =>
    session(async (c) => {
      const r = await c.query<{ generation: string; size: string; line: string | null }>(
        `SELECT (SELECT value FROM brain_meta WHERE key = 'generation') AS generation,
                (SELECT coalesce(max(seq), 0) FROM brain_events WHERE ${VISIBLE}) AS size,
                (SELECT line FROM brain_events WHERE seq = $3 AND ${VISIBLE}) AS line`,
        [...filterParams(a.filter as ReadFilter), a.seq],
      );
      const row = r.rows[0];
      return { generation: row?.generation ?? "", size: Number(row?.size ?? 0), line: row?.line ?? null };
    }),
  rows: (a) =>
    session(async (c): Promise<Rows> => {
      const r = await c.query<{ seq: string; line: string; complete: boolean }>(
        `SELECT seq, line, complete FROM brain_events WHERE seq > $3 AND ${VISIBLE} ORDER BY seq`,
        [...filterParams(a.filter as ReadFilter), a.after],
      );
      return {
        seq: r.rows.map((x) => Number(x.seq)),
        line: r.rows.map((x) => x.line),
        complete: r.rows.map((x) => x.complete),
      };
    }),
  begin: async (a) => {
    if (tx) throw new Error("a write transaction is already open");
    tx = { rows: [], lockTimeoutMs: a.lockTimeoutMs as number, open: false };
    try {
      await session(async () => null);
    } catch (err) {
      await client?.query("ROLLBACK").catch(() => {});
      tx = null;
      throw err;
    }
    return null;
  },
  append: async (a) => {
    const t = tx;
    if (!t) throw new Error("append outside a write transaction");
    const rows = a.rows as RowIn[];
    const out = await session(async (c) => {
      const last = await c.query<{ complete: boolean }>(
        `SELECT complete FROM brain_events WHERE ${VISIBLE} ORDER BY seq DESC LIMIT 1`,
        filterParams(a.filter as ReadFilter),
      );
      const torn = last.rows[0]?.complete === false;
      return { terminatedTorn: torn, inserted: await appendRows(c, rows) };
    });
    t.rows.push(...rows);
    return out;
  },
  commit: async () => {
    if (!tx) return null;
    const t = tx;
    try {
      await session(async (c) => {
        await (t.rows.length > 0 ? notifyAndCommit(c) : c.query("COMMIT"));
      });
    } catch (err) {
      if (t.open) await client?.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      tx = null;
    }
    return null;
  },
  rollback: async () => {
    if (tx?.open) await client?.query("ROLLBACK").catch(() => {});
    tx = null;
    return null;
  },
  createIfMissing: (a) =>
    atomically(async (c) => {
      const r = await c.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM brain_events) AS any");
      if (r.rows[0]?.any) return false;
      await appendRows(c, a.rows as RowIn[]);
      return true;
    }, a.lockTimeoutMs as number),
  writeRaw: (a) => atomically((c) => appendRows(c, a.rows as RowIn[]), a.lockTimeoutMs as number),
  restore: (a) =>
    atomically(async (c) => {
      await c.query("DELETE FROM brain_events");
      await c.query("DELETE FROM brain_dedup");
      await c.query("UPDATE brain_meta SET value = gen_random_uuid()::text WHERE key = 'generation'");
      await appendRows(c, a.rows as RowIn[]);
      return null;
    }, a.lockTimeoutMs as number),
  /**
   * A purge: the rows go (and their dedup keys), and the table gets a new generation, so every reader on every
   * machine — told by the NOTIFY — starts over from the table and rewrites its local derived files.
   */
  purge: (a) =>
    atomically(async (c) => {
      const r = await c.query("DELETE FROM brain_events WHERE seq = ANY($1::bigint[])", [a.seqs]);
      await c.query("DELETE FROM brain_dedup WHERE entry_id = ANY($1::text[])", [a.ids]);
      await c.query("UPDATE brain_meta SET value = gen_random_uuid()::text WHERE key = 'generation'");
      return r.rowCount ?? 0;
    }, a.lockTimeoutMs as number),
  listen: async () => {
    await listen();
    return null;
  },
  close: async () => {
    await client?.end().catch(() => {});
    client = null;
    return null;
  },
};

function describe(err: unknown): { message: string; code: string } {
  const e = err as { code?: string; message?: string; errors?: { message?: string }[] };
  const detail = e?.message || e?.errors?.[0]?.message || e?.code || String(err);
  const where = redactUrl(config.url);
  if (e?.code === "55P03")
    return {
      code: "LOCKED",
      message: `LOCK_TIMEOUT: another writer holds the team store's write lock (${where})`,
    };
  const text = redactText(detail, config.url);
  if (retriable(err)) return { code: "IO", message: `the team store at ${where} is unreachable: ${text}` };
  return { code: "IO", message: `the team store at ${where} failed: ${text}` };
}

serveCalls(
  port,
  flag,
  (op, args) => {
    const fn = ops[op];
    if (!fn) throw new Error(`unknown team store operation ${op}`);
    return fn((args ?? {}) as Args);
  },
  describe,
);
