import * as fs from "node:fs";
import initSqlJs from "sql.js";
import { withWal } from "./sqlite-wal.ts";
import { isObj, isoDate, type Parsed, type ParseOptions } from "./transcript.ts";

/**
 * OpenCode's sessions (opencode-ai 1.18: `~/.local/share/opencode/opencode.db`, SQLite in WAL mode; tables
 * `session`, `message` {id, session_id, time_created, data: {role, …}}, `part` {id, message_id, session_id,
 * data: {type, text, synthetic?}}), read with sql.js — WebAssembly, no native build — from a snapshot of
 * the file and its WAL (sqlite-wal.ts), so a session OpenCode is still writing reads as committed. A user
 * message's synthetic parts (context a plugin added, Brain's own included) are not what the user said.
 */
type Sql = Awaited<ReturnType<typeof initSqlJs>>;
let sql: Sql | undefined;

/** Load sql.js once (its WebAssembly compiles asynchronously); the readers below need it loaded. */
export async function loadSqlite(): Promise<void> {
  sql ??= await initSqlJs();
}

export const SQLITE_MAGIC = "SQLite format 3\u0000";

export function isSqliteFile(path: string): boolean {
  try {
    // Only a regular file is opened: opening a fifo blocks until someone writes to it (ingest of a fifo hung).
    if (!fs.statSync(path).isFile()) return false;
    const fd = fs.openSync(path, "r");
    try {
      const b = Buffer.alloc(16);
      return fs.readSync(fd, b, 0, 16, 0) === 16 && b.toString("latin1") === SQLITE_MAGIC;
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false;
  }
}

export interface OpenCodeMessage {
  session: string;
  id: string;
  role: string;
  text: string;
  date: string;
  /** The session's directory (where OpenCode ran). */
  directory?: string;
}

/** The conversation messages of `session` (all sessions when absent), oldest first. */
export function openCodeMessages(path: string, session?: string): OpenCodeMessage[] {
  if (!sql) throw new Error("sql.js is not loaded (loadSqlite first)");
  const wal = fs.existsSync(`${path}-wal`) ? fs.readFileSync(`${path}-wal`) : undefined;
  const db = new sql.Database(withWal(fs.readFileSync(path), wal));
  try {
    const where = session ? "WHERE m.session_id = ?" : "";
    const rows =
      db.exec(
        `SELECT m.session_id, m.id, m.time_created, m.data, p.data, s.directory
         FROM message m JOIN part p ON p.message_id = m.id LEFT JOIN session s ON s.id = m.session_id
         ${where} ORDER BY m.time_created, m.id, p.time_created, p.id`,
        session ? [session] : [],
      )[0]?.values ?? [];
    const out: OpenCodeMessage[] = [];
    for (const [sid, id, created, mdata, pdata, dir] of rows) {
      const m = safe(mdata);
      const p = safe(pdata);
      if (!m || !p || (m.role !== "user" && m.role !== "assistant")) continue;
      if (p.type !== "text" || p.synthetic === true || typeof p.text !== "string") continue;
      const last = out[out.length - 1];
      if (last && last.id === id) {
        last.text = `${last.text}\n${p.text}`;
        continue;
      }
      out.push({
        session: String(sid),
        id: String(id),
        role: String(m.role),
        text: p.text,
        date: isoDate(Number(created)) ?? new Date(0).toISOString(),
        ...(typeof dir === "string" ? { directory: dir } : {}),
      });
    }
    return out;
  } finally {
    db.close();
  }
}

function safe(v: unknown): Record<string, unknown> | undefined {
  if (typeof v !== "string") return undefined;
  try {
    const o = JSON.parse(v) as unknown;
    return isObj(o) ? o : undefined;
  } catch {
    return undefined;
  }
}

/** `brain ingest` of an OpenCode database: every session's conversation as turns. */
export function parseOpenCodeDb(path: string, opts: ParseOptions, out: Parsed): void {
  for (const m of openCodeMessages(path)) {
    const text = m.text.trim();
    if (!text) {
      out.skipped++;
      continue;
    }
    out.turns.push({
      session: m.session || opts.session,
      turn: m.id,
      speaker: m.role,
      role: m.role,
      text,
      date: m.date,
    });
  }
}
