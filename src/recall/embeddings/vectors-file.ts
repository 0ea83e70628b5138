import * as fs from "node:fs";
import { basename } from "node:path";
import { writeFileAtomic } from "../../store/atomic-file.ts";
import { crypto } from "../../store/crypto.ts";
import {
  derivedPath,
  fingerprintLog,
  type LogFingerprint,
  logIdentity,
  stillMatches,
} from "../../store/jsonl/log-identity.ts";

/**
 * The vectors file, `.brain/<log>.vectors.bin`: a derived, rebuildable cache of document embeddings.
 *
 *   "BRAINVEC" | uint32 LE header length | header JSON | zero padding to 4 bytes | count × dims float32 LE
 *
 * The header records the embedder (provider, server, model), the dimension, each document's id and a hash
 * of the text it embeds, and the store's fingerprint of each log (src/store/jsonl/log-identity.ts). It is
 * trusted only when the embedder is the same and every log still starts with exactly what was fingerprinted
 * (logs only grow); otherwise it is ignored and rebuilt. Written through the one atomic-file helper (a cache:
 * not fsynced).
 */
const MAGIC = Buffer.from("BRAINVEC");
/** 2: logs fingerprinted by the store (generation id + SHA-256 of the covered part). */
const VERSION = 2;

interface LogMark {
  file: string;
  fp: LogFingerprint;
}

export interface Vectors {
  embedder: string;
  dims: number;
  ids: string[];
  hashes: string[];
  data: Float32Array;
}

export function vectorsPath(logPath: string): string {
  return derivedPath(logPath, "vectors.bin");
}

export function textHash(text: string): string {
  return crypto().createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** Where the log stands now: its generation, and the hash of everything in it (the store's fingerprint). */
function markLog(path: string): LogMark | null {
  const id = logIdentity(path);
  const fp = fingerprintLog(path, id.size, id.generation);
  return fp ? { file: basename(path), fp } : null;
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
      if (!log || !stillMatches(m.fp, log)) return null;
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
