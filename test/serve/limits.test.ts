/**
 * The resident server's resource limits, each configurable and tested just above a small cap through real
 * sockets (issue 21): idle sockets are closed, a full server evicts the oldest idle socket for a new one, a
 * body above the cap is refused before it is read, and an event-stream subscriber that does not read is
 * dropped once its backlog passes the cap. The sizes of a real attack live in bench/attack-serve.ts.
 */

import assert from "node:assert/strict";
import * as fs from "node:fs";
import { connect, type Socket } from "node:net";
import { test } from "node:test";
import { DEFAULT_SETTINGS, parseSettings } from "../../src/config.ts";
import { buildingPercent } from "../../src/serve/heap.ts";
import { brainOk, freshSandbox, type Sandbox, writeConfig } from "../support/cli.ts";
import { fc } from "../support/fc.ts";
import { probe } from "./_probe.ts";
import { http, ok, type ServeInfo, startServe, subscribe, until } from "./_support.ts";

async function served(t: Parameters<typeof freshSandbox>[0], serve: Record<string, number>) {
  const sb = freshSandbox(t, "brain-serve-limits-");
  writeConfig(sb, { serve: { idleMinutes: 0, ...serve } });
  await brainOk(sb, ["init"]); // brain serve refuses a path with no brain
  const s = await startServe(sb, t);
  return { sb, info: s.info };
}

/** A raw connection that records whether the server closed it and what it answered. */
function raw(info: ServeInfo, send?: string) {
  const state = { closed: false, answer: "" };
  const socket: Socket = connect(info.port, "127.0.0.1", () => {
    if (send !== undefined) socket.write(send);
  });
  socket.on("data", (d) => {
    state.answer += d.toString("latin1");
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    state.closed = true;
  });
  return { socket, state };
}

const head = (info: ServeInfo, method: string, path: string, extra: string) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${info.port}\r\nAuthorization: Bearer ${info.token}\r\n${extra}\r\n`;

test("a socket that sends no request, or only part of one, is closed after serve.idleSocketMs", async (t) => {
  const { info } = await served(t, { idleSocketMs: 200 });
  const silent = raw(info);
  const partial = raw(info, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${info.port}\r\n`);
  t.after(() => {
    for (const c of [silent, partial]) c.socket.destroy();
  });
  await until(() => silent.state.closed, "the silent socket is closed");
  await until(() => partial.state.closed, "the socket with half a request head is closed");
  await ok(info, "/api/health");
});

test("at serve.maxConnections a new connection evicts the oldest idle socket; busy ones stay", async (t) => {
  const cap = 4;
  const { info } = await served(t, { maxConnections: cap, idleSocketMs: 600_000 });
  const sse = subscribe(info); // a busy connection: an open event stream
  t.after(sse.close);
  await sse.next((e) => e.event === "hello");
  const idle = Array.from({ length: cap }, () => raw(info)); // one above what is left: cap - 1
  t.after(() => {
    for (const c of idle) c.socket.destroy();
  });
  await until(() => idle[0]?.state.closed === true, "the oldest idle socket is evicted");
  assert.deepEqual(
    idle.map((c) => c.state.closed),
    [true, false, false, false],
  );
  // Every slot held again (the stream and cap - 1 idle sockets): a request still gets through.
  assert.equal((await ok(info, "/api/health")).subscribers, 1, "the event stream was not evicted");
  await until(() => idle[1]?.state.closed === true, "the next oldest made room for it");
});

test("event streams hold at most a quarter of serve.maxConnections; one more is 503, requests still pass", async (t) => {
  const { info } = await served(t, { maxConnections: 8 });
  const streams = [subscribe(info), subscribe(info)];
  t.after(() => {
    for (const s of streams) s.close();
  });
  for (const s of streams) await s.next((e) => e.event === "hello");
  const headers = { host: `127.0.0.1:${info.port}`, authorization: `Bearer ${info.token}` };
  assert.equal(await probe(info, { method: "GET", path: "/api/events", headers }), 503);
  assert.equal((await ok(info, "/api/health")).subscribers, 2);
});

test("a body above serve.maxBodyBytes is refused with 413 before it is read", async (t) => {
  const cap = 1024;
  const { info } = await served(t, { maxBodyBytes: cap });
  const json = (n: number) => JSON.stringify({ type: "learning", text: "x".repeat(n - 29) });
  assert.equal(json(cap + 1).length, cap + 1);
  // Only the head is sent: the answer cannot wait for the body.
  const declared = raw(
    info,
    head(info, "POST", "/api/entries", `Content-Type: application/json\r\nContent-Length: ${cap + 1}\r\n`),
  );
  t.after(() => declared.socket.destroy());
  await until(() => /^HTTP\/1\.1 \d{3}/.test(declared.state.answer), "an answer before the body");
  assert.match(declared.state.answer, /^HTTP\/1\.1 413 /);
  // Chunked (no length declared): counted while read, refused past the cap.
  const body = json(cap + 1);
  const chunked = raw(
    info,
    `${head(info, "POST", "/api/entries", "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n")}` +
      `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
  );
  t.after(() => chunked.socket.destroy());
  await until(() => /^HTTP\/1\.1 \d{3}/.test(chunked.state.answer), "an answer to the chunked body");
  assert.match(chunked.state.answer, /^HTTP\/1\.1 413 /);
  const at = await http(info, "/api/entries", { method: "POST", body: json(cap) });
  assert.equal(at.status, 201, `a body of exactly the cap is taken: ${at.text}`);
});

test("an event-stream subscriber that does not read is dropped past serve.eventBacklogBytes; a reader stays", async (t) => {
  const { sb, info } = await served(t, { eventBacklogBytes: 1024 });
  const reader = subscribe(info);
  t.after(reader.close);
  await reader.next((e) => e.event === "hello");
  const stuck = raw(info, head(info, "GET", "/api/events", ""));
  t.after(() => stuck.socket.destroy());
  stuck.socket.pause(); // reads nothing: what the server sends piles up
  await subscribers(info, 2, "both subscribed");
  // Past what the kernel's socket buffers absorb (a few MB on loopback) the server itself must hold the rest:
  // lines another process appends to the log.
  const lines = appendLearnings(sb, 700, 8000);
  await reader.next((e) => e.event === "append" && lastN(e.data) >= lines);
  // One more event: the stuck subscriber's backlog is above the cap now, the reader's is empty.
  await ok(info, "/api/entries", { method: "POST", body: { type: "learning", text: "the marker" } }, 201);
  await reader.next((e) => e.event === "append" && JSON.stringify(e.data).includes("the marker"));
  await subscribers(info, 1, "the stuck subscriber is dropped");
  stuck.socket.resume(); // what it gets now ends before the marker
  await until(() => stuck.state.closed, "its stream ended");
  assert.doesNotMatch(stuck.state.answer, /the marker/);
  assert.equal(reader.events.at(-1)?.event, "append", "the reader still gets every event");
});

/** Poll /api/health (a bounded number of times) until it counts `n` event-stream subscribers. */
async function subscribers(info: ServeInfo, n: number, what: string): Promise<void> {
  let seen: unknown;
  for (let i = 0; i < 400 && seen !== n; i++) {
    seen = (await http(info, "/api/health")).body?.subscribers;
    if (seen !== n) await new Promise((r) => setTimeout(r, 25));
  }
  assert.equal(seen, n, what);
}

const lastN = (data: unknown) =>
  Math.max(...((data as { events: { n: number }[] }).events ?? []).map((e) => e.n));

/** `count` learnings of `size` characters appended by "another process"; returns the log's line count. */
function appendLearnings(sb: Sandbox, count: number, size: number): number {
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      id: `f${String(i).padStart(7, "0")}`,
      type: "learning",
      text: `${i} ${"flood ".repeat(size / 6)}`.slice(0, size),
      created: "2026-03-01T12:00:00.000Z",
    }),
  );
  fs.appendFileSync(sb.brainPath, `${lines.join("\n")}\n`);
  return fs.readFileSync(sb.brainPath, "utf8").trimEnd().split("\n").length;
}

test("each cap is read from the settings file; a value that is not a number ≥ 1 names its key", () => {
  const keys = ["maxConnections", "idleSocketMs", "maxBodyBytes", "eventBacklogBytes"] as const;
  fc.assert(
    fc.property(fc.constantFrom(...keys), fc.integer({ min: 1, max: 2 ** 31 }), (key, n) => {
      assert.equal(parseSettings("c.json", JSON.stringify({ serve: { [key]: n } })).serve[key], n);
    }),
  );
  fc.assert(
    fc.property(
      fc.constantFrom(...keys),
      fc.oneof(fc.integer({ max: 0 }), fc.string(), fc.boolean(), fc.constant(null)),
      (key, bad) => {
        assert.throws(
          () => parseSettings("c.json", JSON.stringify({ serve: { [key]: bad } })),
          (e: Error) => e.message.includes(`serve.${key}`),
        );
      },
    ),
  );
  assert.deepEqual(parseSettings("c.json", "{}").serve, DEFAULT_SETTINGS.serve);
});

test("serve.heapGrowingPercent is a whole number ≥ 0 (0: V8's own rule); anything else names its key", () => {
  fc.assert(
    fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), (n) => {
      assert.equal(
        parseSettings("c.json", JSON.stringify({ serve: { heapGrowingPercent: n } })).serve
          .heapGrowingPercent,
        Math.floor(n),
      );
    }),
  );
  fc.assert(
    fc.property(
      fc.oneof(fc.double({ max: -0.001, noNaN: true }), fc.string(), fc.boolean(), fc.constant(null)),
      (bad) => {
        assert.throws(
          () => parseSettings("c.json", JSON.stringify({ serve: { heapGrowingPercent: bad } })),
          (e: Error) => e.message.includes("serve.heapGrowingPercent"),
        );
      },
    ),
  );
});

test("while the association graph loads or builds the server's heap is held at half the setting; 0 stays V8's rule", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1000 }), (n) => {
      const b = buildingPercent(n);
      assert.ok(Number.isInteger(b) && b >= 0 && b <= n, `${n} → ${b}`);
      assert.equal(b === 0, n < 2, "0 only where the setting leaves V8's rule or is too small to halve");
    }),
  );
  assert.equal(buildingPercent(DEFAULT_SETTINGS.serve.heapGrowingPercent), 50);
});
