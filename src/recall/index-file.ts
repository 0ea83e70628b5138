import { crypto } from "../store/crypto.ts";
import type { Bm25Parts } from "./bm25.ts";

/**
 * The recall index file, `.brain/<log>.recall.bin`: a derived, rebuildable cache of the BM25 index.
 *
 *   "BRAINRIX" | uint32 LE header length | header JSON | zero padding to 8 bytes | SHA-256 (32 bytes) | body
 *
 * The body is the index's arrays as they lie in memory (little-endian): per document its date (float64, NaN
 * for none), text and context lengths, session and speaker (int32 numbers into string tables, -1 for none);
 * per term its number of postings and its document frequencies in the text and the context field (uint32
 * each: counted at write, so a load never walks the postings to count them); the postings' document numbers
 * (uint32); then per document its kind and
 * liveness, per posting the term's count in the text and the context field (one byte each; larger counts,
 * rare, are listed exactly in the strings); and last a JSON of the strings (ids, terms, sessions, speakers,
 * the speaker counts). Loading it is a few typed-array views and one JSON of strings, where the JSON file
 * it replaces (version 5, `recall.json`) needed a parse of every posting: at 100k episodes 1.6 s and 31 MB.
 *
 * The SHA-256 covers every other byte of the file, the header too (version 8; before, only the body: a
 * flipped byte in the header's marks could go unseen): a truncated or corrupted file is never trusted (the
 * caller rebuilds). The header carries the marks of the two logs it was built from (src/recall/recall.ts
 * checks them).
 */
const MAGIC = Buffer.from("BRAINRIX");
export const INDEX_FILE_VERSION = 8;

export interface IndexFileHeader {
  version: number;
  /** Where each log was indexed to, and its fingerprint there (opaque here). */
  marks: Record<string, unknown>;
}

interface Strings {
  ids: string[];
  terms: string[];
  sessions: string[];
  speakers: string[];
  speakerCounts: [string, number][];
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

/** The file's bytes, as chunks (for src/store/atomic-file.ts). */
export function encodeIndex(
  header: IndexFileHeader,
  parts: Bm25Parts,
  speakers: Map<string, number>,
): Buffer[] {
  const n = parts.ids.length;
  const P = parts.pd.length;
  const sessions = table(parts.session);
  const spk = table(parts.speaker);
  const pt = new Uint8Array(P);
  const pc = new Uint8Array(P);
  const dfT = new Uint32Array(parts.terms.length);
  const dfC = new Uint32Array(parts.terms.length);
  const over: [number, number, number][] = [];
  for (let x = 0, i = 0; x < parts.terms.length; x++) {
    for (const end = i + (parts.count[x] as number); i < end; i++) {
      const t = parts.pt[i] as number;
      const c = parts.pc[i] as number;
      if (t > 255 || c > 255) over.push([i, t, c]);
      if (t > 0) dfT[x] = (dfT[x] as number) + 1;
      if (c > 0) dfC[x] = (dfC[x] as number) + 1;
      pt[i] = Math.min(255, t);
      pc[i] = Math.min(255, c);
    }
  }
  const strings: Strings = {
    ids: parts.ids,
    terms: parts.terms,
    sessions: sessions.list,
    speakers: spk.list,
    speakerCounts: [...speakers],
    over,
  };
  const body = [
    bytes(Float64Array.from(parts.date, (d) => d ?? Number.NaN)),
    bytes(Uint32Array.from(parts.lenT)),
    bytes(Uint32Array.from(parts.lenC)),
    bytes(sessions.at),
    bytes(spk.at),
    bytes(parts.count),
    bytes(dfT),
    bytes(dfC),
    bytes(parts.pd),
    bytes(Uint8Array.from(parts.kind)),
    bytes(Uint8Array.from(parts.alive, (a) => (a ? 1 : 0))),
    bytes(pt),
    bytes(pc),
    Buffer.from(JSON.stringify(strings), "utf8"),
  ];
  const head = Buffer.from(JSON.stringify({ ...header, n, terms: parts.terms.length, postings: P }), "utf8");
  const len = Buffer.alloc(4);
  len.writeUInt32LE(head.length);
  const pad = (8 - ((MAGIC.length + 4 + head.length) % 8)) % 8;
  const front = [MAGIC, len, head, Buffer.alloc(pad)];
  const hash = crypto().createHash("sha256");
  for (const b of [...front, ...body]) hash.update(b);
  return [...front, hash.digest(), ...body];
}

const SHA_BYTES = 32;

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

/** The index in `buf` (checked against its hash: throws when truncated, corrupted or malformed). */
export function decodeIndex(buf: Buffer): { parts: Bm25Parts; speakers: Map<string, number> } {
  const h = decodeHeader(buf) as ReturnType<typeof decodeHeader> & {
    n: number;
    terms: number;
    postings: number;
  };
  const { n, terms: T, postings: P } = h;
  if (![n, T, P].every((x) => Number.isInteger(x) && x >= 0)) throw new Error("bad header");
  const stringsAt = h.body + n * 8 + n * 16 + T * 12 + P * 4 + n * 2 + P * 2;
  if (stringsAt > buf.length) throw new Error("truncated index file");
  const hashAt = h.body - SHA_BYTES;
  const sha = crypto()
    .createHash("sha256")
    .update(buf.subarray(0, hashAt))
    .update(buf.subarray(h.body))
    .digest();
  if (!sha.equals(buf.subarray(hashAt, h.body))) throw new Error("index file does not match its hash");
  // Typed views need their element alignment: a buffer from Node's pool may start anywhere.
  const data = buf.byteOffset % 8 === 0 ? buf : Buffer.from(buf);
  let at = data.byteOffset + h.body;
  const view = <T>(make: (b: ArrayBuffer, o: number, l: number) => T, count: number, size: number): T => {
    const v = make(data.buffer as ArrayBuffer, at, count);
    at += count * size;
    return v;
  };
  const date = view((b, o, l) => new Float64Array(b, o, l), n, 8);
  const lenT = view((b, o, l) => new Uint32Array(b, o, l), n, 4);
  const lenC = view((b, o, l) => new Uint32Array(b, o, l), n, 4);
  const sess = view((b, o, l) => new Int32Array(b, o, l), n, 4);
  const spk = view((b, o, l) => new Int32Array(b, o, l), n, 4);
  const count = view((b, o, l) => new Uint32Array(b, o, l), T, 4);
  const dfT = view((b, o, l) => new Uint32Array(b, o, l), T, 4);
  const dfC = view((b, o, l) => new Uint32Array(b, o, l), T, 4);
  const pd = view((b, o, l) => new Uint32Array(b, o, l), P, 4);
  const kind = view((b, o, l) => new Uint8Array(b, o, l), n, 1);
  const alive = view((b, o, l) => new Uint8Array(b, o, l), n, 1);
  const pt = view((b, o, l) => new Uint8Array(b, o, l), P, 1);
  const pc = view((b, o, l) => new Uint8Array(b, o, l), P, 1);
  const s = JSON.parse(data.subarray(at - data.byteOffset).toString("utf8")) as Strings;
  if (s.ids.length !== n || s.terms.length !== T) throw new Error("index strings do not match");
  const name = (list: string[], k: number) => (k < 0 ? undefined : (list[k] as string));
  return {
    parts: {
      ids: s.ids,
      kind,
      session: Array.from(sess, (k) => name(s.sessions, k)),
      speaker: Array.from(spk, (k) => name(s.speakers, k)),
      date: Array.from(date, (d) => (Number.isNaN(d) ? undefined : d)),
      lenT,
      lenC,
      alive,
      terms: s.terms,
      count,
      pd,
      pt,
      pc,
      over: new Map(s.over.map(([i, t, c]) => [i, [t, c]])),
      df: { text: dfT, ctx: dfC },
    },
    speakers: new Map(s.speakerCounts),
  };
}
