/**
 * One event-stream subscriber's outbox, with its backlog bounded (issue 21: 500 subscribers that did not read
 * took the server to 1 GB). The backlog is what was queued for it and not yet taken by its socket: the writes
 * still waiting here (each waits for the one before, and for the socket to drain) plus what the response
 * itself buffers. A message is queued only while the backlog is within `cap` — one large batch still goes to
 * a reading client, which drains it in milliseconds —; past it the subscriber is dropped (it reconnects, the
 * viewer then reloads what it shows). Messages are encoded once for every subscriber (`frame`).
 */
export class Feed {
  readonly #write: (bytes: Uint8Array) => Promise<unknown>;
  readonly #cap: number;
  readonly #buffered: () => number;
  readonly #drop: () => void;
  #queued = 0;
  #chain: Promise<unknown> = Promise.resolve();
  #dropped = false;

  constructor(opts: {
    write: (bytes: Uint8Array) => Promise<unknown>;
    cap: number;
    /** Bytes the response has accepted but its socket has not sent yet. */
    buffered: () => number;
    drop: () => void;
  }) {
    this.#write = opts.write;
    this.#cap = opts.cap;
    this.#buffered = opts.buffered;
    this.#drop = opts.drop;
  }

  get backlog(): number {
    return this.#queued + this.#buffered();
  }

  send(bytes: Uint8Array): void {
    if (this.#dropped) return;
    if (this.backlog > this.#cap) {
      this.#dropped = true;
      this.#drop();
      return;
    }
    this.#queued += bytes.length;
    const done = () => {
      this.#queued -= bytes.length;
    };
    this.#chain = this.#chain.then(() => this.#write(bytes)).then(done, done);
  }
}

const encoder = new TextEncoder();
const frames = new WeakMap<object, Uint8Array>();

/** An SSE message as bytes; for the same data object (one emit to every subscriber) the same bytes. */
export function frame(event: string, data: unknown): Uint8Array {
  const key = typeof data === "object" && data !== null ? data : null;
  const cached = key ? frames.get(key) : undefined;
  if (cached) return cached;
  // JSON.stringify escapes every newline: the data is one `data:` line.
  const bytes = encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  if (key) frames.set(key, bytes);
  return bytes;
}

export const PING = encoder.encode(": ping\n\n");
