import * as fs from "node:fs";
import { basename, dirname, join } from "node:path";
import { writeFileAtomic } from "../../store/atomic-file.ts";
import { crypto } from "../../store/crypto.ts";

/**
 * The vectors file, `.brain/<log>.vectors.bin`: a derived, rebuildable cache of document embeddings.
 *
 *   "BRAINVEC" | uint32 LE header length | header JSON | zero padding to 4 bytes | count × dims float32 LE
 *
 * The header records the embedder (provider, server, model), the dimension, each document's id and a hash
 * of the text it embeds, and a fingerprint of each log at the size it covered (inode, size, hashes of the
 * 4 KiB at each end). It is trusted only when the embedder is the same and every log still starts with
 * exactly what was fingerprinted (logs only grow); otherwise it is ignored and rebuilt. Written to a temp
 * file (every write checked), fsynced, then renamed over the old one.
 */
const MAGIC = Buffer.from("BRAINVEC");
const VERSION = 1;
const PROBE = 4096;

export interface LogMark {
  file: string;
  size: number;
  ino: number;
  head: string;
  tail: string;
}

export interface Vectors {
  embedder: string;
  dims: number;
  ids: string[];
  hashes: string[];
  data: Float32Array;
}

export function vectorsPath(logPath: string): string {
  return join(dirname(logPath), ".brain", `${basename(logPath)}.vectors.bin`);
}

export function textHash(text: string): string {
  return crypto().createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** Fingerprint of a log at `size` bytes (its current size when omitted); null if it is missing or shorter. */
export function markLog(path: string, size?: number): LogMark | null {
  let fd: number;
  try {
    fd = fs.openSync(path, "r");
  } catch {
    return null;
  }
  try {
    const st = fs.fstatSync(fd);
    const at = size ?? st.size;
    if (st.size < at) return null;
    const n = Math.min(PROBE, at);
    const head = Buffer.alloc(n);
    const tail = Buffer.alloc(n);
    if (fs.readSync(fd, head, 0, n, 0) !== n || fs.readSync(fd, tail, 0, n, at - n) !== n) return null;
    const h = (b: Buffer) => crypto().createHash("sha256").update(b).digest("hex");
    return { file: basename(path), size: at, ino: st.ino, head: h(head), tail: h(tail) };
  } finally {
    fs.closeSync(fd);
  }
}

export function writeVectors(path: string, v: Vectors, logs: string[]): void {
  const marks = logs.map((l) => markLog(l)).filter((m) => m !== null);
  const header = Buffer.from(
    JSON.stringify({
      version: VERSION,
      embedder: v.embedder,
      dims: v.dims,
      ids: v.ids,
      hashes: v.hashes,
      logs: marks,
    }),
  );
  const pad = (4 - ((MAGIC.length + 4 + header.length) % 4)) % 4;
  const len = Buffer.alloc(4);
  len.writeUInt32LE(header.length);
  const data = Buffer.from(v.data.buffer, v.data.byteOffset, v.data.byteLength);
  writeFileAtomic(path, [MAGIC, len, header, Buffer.alloc(pad), data], { durable: false });
}

/** The vectors in `path` if they can be trusted for `embedder` and the logs as they are now; else null. */
export function readVectors(path: string, embedder: string, logs: string[]): Vectors | null {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(path);
  } catch {
    return null;
  }
  try {
    if (buf.length < 12 || !buf.subarray(0, 8).equals(MAGIC)) return null;
    const hlen = buf.readUInt32LE(8);
    const h = JSON.parse(buf.subarray(12, 12 + hlen).toString("utf8")) as Omit<Vectors, "data"> & {
      version: number;
      logs: LogMark[];
    };
    if (h.version !== VERSION || h.embedder !== embedder || !(h.dims > 0)) return null;
    if (!Array.isArray(h.ids) || !Array.isArray(h.hashes) || h.ids.length !== h.hashes.length) return null;
    for (const m of h.logs) {
      const log = logs.find((l) => basename(l) === m.file);
      const now = log ? markLog(log, m.size) : null;
      if (!now || now.ino !== m.ino || now.head !== m.head || now.tail !== m.tail) return null;
    }
    const start = 12 + hlen + ((4 - ((12 + hlen) % 4)) % 4);
    if (buf.length - start !== h.ids.length * h.dims * 4) return null;
    const data = new Float32Array(h.ids.length * h.dims);
    new Uint8Array(data.buffer).set(buf.subarray(start));
    return { embedder, dims: h.dims, ids: h.ids, hashes: h.hashes, data };
  } catch {
    return null;
  }
}
