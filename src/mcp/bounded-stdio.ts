import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** The largest JSON-RPC message (one line) the server reads; the SDK's stdio transport uses the same. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** How much of an oversized line is kept to find its request id (at the start or at the end). */
const PROBE = 1024;
const INVALID_REQUEST = -32600;
const ID_AT_START = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")/;
const ID_AT_END = /[{,]\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")\s*\}\s*$/;

/**
 * MCP over stdio with a bounded line. The SDK's transport closes the whole session when one message is
 * larger than its buffer (the server then exits 0 without a word); this one skips that line, answers it
 * with a JSON-RPC error (with the request's id when the line starts or ends with it, as SDK clients write
 * it) and goes on reading, so one oversized call fails and the session lives. Memory stays bounded: an
 * oversized line is dropped as it streams in, keeping only its first and last KiB.
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #stdin: NodeJS.ReadableStream;
  readonly #stdout: NodeJS.WritableStream;
  readonly #max: number;
  #chunks: Buffer[] = [];
  #size = 0;
  /** Set while dropping an oversized line: its first and (rolling) last bytes. */
  #skipping: { head: Buffer; tail: Buffer; bytes: number } | null = null;

  constructor(stdin = process.stdin, stdout = process.stdout, maxBytes = MAX_MESSAGE_BYTES) {
    this.#stdin = stdin;
    this.#stdout = stdout;
    this.#max = maxBytes;
  }

  async start(): Promise<void> {
    this.#stdin.on("data", this.#onData);
    this.#stdin.on("error", this.#onError);
  }

  #onError = (e: Error) => this.onerror?.(e);

  #onData = (data: Buffer | string) => {
    let chunk = typeof data === "string" ? Buffer.from(data) : data;
    for (;;) {
      const nl = chunk.indexOf(0x0a);
      const part = nl < 0 ? chunk : chunk.subarray(0, nl);
      this.#take(part);
      if (nl < 0) return;
      this.#endLine();
      chunk = chunk.subarray(nl + 1);
    }
  };

  #take(part: Buffer): void {
    if (part.length === 0) return;
    if (!this.#skipping && this.#size + part.length > this.#max) {
      const head = Buffer.concat(this.#chunks).subarray(0, PROBE);
      this.#skipping = { head: Buffer.from(head), tail: Buffer.alloc(0), bytes: this.#size };
      this.#chunks = [];
      this.#size = 0;
    }
    const s = this.#skipping;
    if (s) {
      if (s.head.length < PROBE) s.head = Buffer.concat([s.head, part.subarray(0, PROBE - s.head.length)]);
      const tail = Buffer.concat([s.tail, part.subarray(Math.max(0, part.length - PROBE))]);
      s.tail = Buffer.from(tail.subarray(Math.max(0, tail.length - PROBE)));
      s.bytes += part.length;
      return;
    }
    this.#chunks.push(Buffer.from(part));
    this.#size += part.length;
  }

  #endLine(): void {
    const skipped = this.#skipping;
    this.#skipping = null;
    if (skipped) {
      this.#refuse(skipped);
      return;
    }
    const line = Buffer.concat(this.#chunks).toString("utf8").replace(/\r$/, "");
    this.#chunks = [];
    this.#size = 0;
    if (line.trim() === "") return;
    try {
      this.onmessage?.(deserializeMessage(line));
    } catch (e) {
      this.onerror?.(e as Error);
    }
  }

  #refuse(s: { head: Buffer; tail: Buffer; bytes: number }): void {
    const m =
      ID_AT_START.exec(s.head.toString("utf8")) ?? ID_AT_END.exec(s.tail.toString("utf8").replace(/\r$/, ""));
    let id: string | number | null = null;
    try {
      id = m ? (JSON.parse(m[1] as string) as string | number) : null;
    } catch {
      id = null;
    }
    const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
    const message = `message too large: ${mib(s.bytes)} MiB (the limit is ${mib(this.#max)} MiB); it was not read`;
    this.onerror?.(new Error(message));
    void this.send({
      jsonrpc: "2.0",
      id,
      error: { code: INVALID_REQUEST, message },
    } as unknown as JSONRPCMessage);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.#stdout.write(serializeMessage(message))) resolve();
      else this.#stdout.once("drain", resolve);
    });
  }

  async close(): Promise<void> {
    this.#stdin.off("data", this.#onData);
    this.#stdin.off("error", this.#onError);
    if (this.#stdin.listenerCount("data") === 0) this.#stdin.pause();
    this.#chunks = [];
    this.#skipping = null;
    this.onclose?.();
  }
}
