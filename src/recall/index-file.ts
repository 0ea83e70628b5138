import { crypto } from "../store/crypto.ts";
import type { Bm25Parts } from "./bm25-parts.ts";

/**
 * The recall index file, `.brain/<log>.recall.bin`: a derived, rebuildable cache of the BM25 index, laid out
 * so that a cold query reads it in place (src/recall/stored-index.ts) — no object per document or term.
 *
 *   "BRAINRIX" | uint32 LE header length | header JSON | zero padding to 8 bytes | SHA-256 (32 bytes) | body
 *
 * The body's sections, little-endian, each starting at a multiple of its element size:
 *   per document, the record scoring reads and writes (doc-table.ts: f64 0, text length, context length,
 *   two u32 0) | per document its date (f64, NaN for none) | session, speaker (int32 numbers into string
 *   tables, -1 for none) | where each id's UTF-8 bytes start (u32, n + 1) | where each term's postings start
 *   (u32, T + 1) | per term its document frequencies in the text and the context field (u32 each) | where
 *   each term's UTF-8 bytes start (u32, T + 1) | the postings' document numbers (u32) | per document its kind,
 *   and its kind + 1 when live else 0 (u8 each) | per posting its counts in the text and the context field
 *   (u8 each; larger counts, rare, are listed exactly in the strings) | the ids' bytes | the terms' bytes,
 *   sorted by bytes (a query finds its terms by binary search) | a JSON of the other strings (sessions,
 *   speakers, the speaker counts, the large counts).
 * The header carries the counts (documents, terms, postings, the live and superseded documents, the summed
 * lengths of the live ones), so a load walks neither the documents nor the postings.
 *
 * The SHA-256 covers every other byte of the file, the header too: a truncated or corrupted file is never
 * trusted (the caller rebuilds). The header carries the marks of the two logs it was built from
 * (src/recall/recall.ts checks them).
 */
export const MAGIC = Buffer.from("BRAINRIX");
/** 9: read in place (sorted terms, documents' records as scoring reads them, counts in the header). */
export const INDEX_FILE_VERSION = 9;
export const SHA_BYTES = 32;

export interface IndexFileHeader {
  version: number;
  /** Where each log was indexed to, and its fingerprint there (opaque here). */
  marks: Record<string, unknown>;
}

/** What the header holds beside the marks: the body's sizes and the index's totals. */
export interface BodyHeader {
  n: number;
  terms: number;
  postings: number;
  idBytes: number;
  termBytes: number;
  live: number;
  dead: number;
  sumT: number;
  sumC: number;
}

export interface Strings {
  sessions: string[];
  speakers: string[];
  speakerCounts: [string, number][];
  /** Postings whose counts did not fit a byte: [posting number, text count, context count]. */
  over: [number, number, number][];
}

/** A table of distinct strings and each value's number in it (-1: none). */
function table(values: (string | undefined)[]): { list: string[]; at: Int32Array } {
  const no = new Map<string, number>();
  const at = new Int32Array(values.length);
  values.forEach((v, i) => {
    if (v === undefined) {
      at[i] = -1;
      return;
    }
    let k = no.get(v);
    if (k === undefined) {
      k = no.size;
      no.set(v, k);
    }
    at[i] = k;
  });
  return { list: [...no.keys()], at };
}

const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** Strings as one run of UTF-8 bytes, and where each starts (n + 1 offsets). */
function blob(list: Buffer[]): { data: Buffer; at: Uint32Array } {
  const at = new Uint32Array(list.length + 1);
  list.forEach((b, i) => {
    at[i + 1] = (at[i] as number) + b.length;
  });
  return { data: Buffer.concat(list), at };
}

/** The file's bytes, as chunks (for src/store/atomic-file.ts). */
export function encodeIndex(
  header: IndexFileHeader,
  parts: Bm25Parts,
  speakers: Map<string, number>,
): Buffer[] {
  const n = parts.ids.length;
  const T = parts.terms.length;
  const P = parts.pd.length;
  const from = new Float64Array(T + 1);
  for (let x = 0; x < T; x++) from[x + 1] = (from[x] as number) + (parts.count[x] as number);
  if (from[T] !== P) throw new Error("postings do not add up");
  const termBytes = parts.terms.map((t) => Buffer.from(t, "utf8"));
  const order = parts.terms
    .map((_, x) => x)
    .sort((a, b) => Buffer.compare(termBytes[a] as Buffer, termBytes[b] as Buffer));
  const start = new Uint32Array(T + 1);
  const dfT = new Uint32Array(T);
  const dfC = new Uint32Array(T);
  const pd = new Uint32Array(P);
  const pt = new Uint8Array(P);
  const pc = new Uint8Array(P);
  const over: [number, number, number][] = [];
  let at = 0;
  order.forEach((x, y) => {
    start[y] = at;
    for (let i = from[x] as number; i < (from[x + 1] as number); i++, at++) {
      const t = parts.pt[i] as number;
      const c = parts.pc[i] as number;
      if (t > 255 || c > 255) over.push([at, t, c]);
      if (t > 0) dfT[y] = (dfT[y] as number) + 1;
      if (c > 0) dfC[y] = (dfC[y] as number) + 1;
      pd[at] = parts.pd[i] as number;
      pt[at] = Math.min(255, t);
      pc[at] = Math.min(255, c);
    }
  });
  start[T] = at;
  const rec = new Float64Array(4 * n);
  const kind = new Uint8Array(n);
  const liveCode = new Uint8Array(n);
  let live = 0;
  let sumT = 0;
  let sumC = 0;
  for (let d = 0; d < n; d++) {
    const k = parts.kind[d] as number;
    if (k < 0 || k > 254 || !Number.isInteger(k)) throw new Error(`document kind out of range: ${k}`);
    rec[4 * d + 1] = parts.lenT[d] as number;
    rec[4 * d + 2] = parts.lenC[d] as number;
    kind[d] = k;
    if (parts.alive[d]) {
      liveCode[d] = k + 1;
      live++;
      sumT += parts.lenT[d] as number;
      sumC += parts.lenC[d] as number;
    }
  }
  const sessions = table(parts.session);
  const spk = table(parts.speaker);
  const ids = blob(parts.ids.map((id) => Buffer.from(id, "utf8")));
  const terms = blob(order.map((x) => termBytes[x] as Buffer));
  const strings: Strings = {
    sessions: sessions.list,
    speakers: spk.list,
    speakerCounts: [...speakers],
    over,
  };
  const body = [
    bytes(rec),
    bytes(Float64Array.from(parts.date, (d) => d ?? Number.NaN)),
    bytes(sessions.at),
    bytes(spk.at),
    bytes(ids.at),
    bytes(start),
    bytes(dfT),
    bytes(dfC),
    bytes(terms.at),
    bytes(pd),
    bytes(kind),
    bytes(liveCode),
    bytes(pt),
    bytes(pc),
    ids.data,
    terms.data,
    Buffer.from(JSON.stringify(strings), "utf8"),
  ];
  const sizes: BodyHeader = {
    n,
    terms: T,
    postings: P,
    idBytes: ids.data.length,
    termBytes: terms.data.length,
    live,
    dead: n - live,
    sumT,
    sumC,
  };
  const head = Buffer.from(JSON.stringify({ ...header, ...sizes }), "utf8");
  const len = Buffer.alloc(4);
  len.writeUInt32LE(head.length);
  const pad = (8 - ((MAGIC.length + 4 + head.length) % 8)) % 8;
  const front = [MAGIC, len, head, Buffer.alloc(pad)];
  const hash = crypto().createHash("sha256");
  for (const b of [...front, ...body]) hash.update(b);
  return [...front, hash.digest(), ...body];
}

/** Only the header (cheap: the marks decide whether the body is worth reading). Throws when malformed. */
export function decodeHeader(buf: Buffer): IndexFileHeader & { body: number } {
  if (buf.length < 12 || !buf.subarray(0, 8).equals(MAGIC)) throw new Error("not an index file");
  const hlen = buf.readUInt32LE(8);
  const h = JSON.parse(buf.subarray(12, 12 + hlen).toString("utf8")) as IndexFileHeader;
  const hashAt = 12 + hlen + ((8 - ((12 + hlen) % 8)) % 8);
  if (buf.length < hashAt + SHA_BYTES || buf.subarray(12 + hlen, hashAt).some((b) => b !== 0))
    throw new Error("bad padding");
  return { ...h, body: hashAt + SHA_BYTES };
}
