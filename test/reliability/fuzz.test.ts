/**
 * Property tests with fast-check (NUM_RUNS cases each, seeded by test/support/fc.ts):
 *  (a) the line scanner, on arbitrary soups of valid entries, JSON values, text and raw bytes with LF or
 *      CRLF endings, never throws and reports every line exactly as an independent oracle classifies it:
 *      a valid entry is never lost, a bad line is always reported with its number, only an unterminated
 *      last line can be a torn tail; reading the same bytes in two parts (a reader racing a writer) loses
 *      no valid line after the split either;
 *  (b) every brain tool action, on arbitrary parameter objects against a brain that also holds odd
 *      (Rho-loadable but malformed) entries, either throws a BrainError with a message and writes nothing,
 *      or appends exactly the entries it reports, each a whole line that passes the schema registry, and
 *      the log re-scans with no new bad line (the odd entries with wrongly typed fields are bad lines).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ACTIONS } from "../../src/core/actions.ts";
import { BrainError } from "../../src/core/errors.ts";
import { FoldView } from "../../src/core/health.ts";
import type { Rec } from "../../src/core/rec.ts";
import { validateEntry } from "../../src/core/schema.ts";
import { ENTRY_TYPES, isEntryType } from "../../src/core/types.ts";
import { Brain } from "../../src/engine/brain.ts";
import { START } from "../../src/store/event-store.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import { type Position, type ScanSink, scanSource } from "../../src/store/scan.ts";
import { fc } from "../support/fc.ts";

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const params = (n = NUM_RUNS) => ({ numRuns: n });

// ── (a) the scanner ────────────────────────────────────────────────────────────────────────────────

type Event = [number, string, string];

/** Records everything the scanner reports, as comparable tuples. */
function recorder(): ScanSink & { events: Event[] } {
  const events: Event[] = [];
  return {
    events,
    rec: (r: Rec) => events.push([r.line, "rec", `${r.type}:${r.id}`]),
    bad: (b) => events.push([b.line, "bad", b.reason]),
    unknownType: (line, type) => events.push([line, "unknown", type]),
    warning: (line, message) => events.push([line, "warning", message]),
  };
}

function scanBytes(data: Buffer, from: Position, size = data.length) {
  const sink = recorder();
  const r = scanSource({ size, read: (into, len, pos) => data.copy(into, 0, pos, pos + len) }, from, sink);
  return { ...r, events: sink.events };
}

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** What a line must produce, decided independently of the scanner's code. */
function oracle(bytes: Buffer, line: number, terminated: boolean): { events: Event[]; torn: boolean } {
  const lossy = bytes.toString("utf8");
  const noBom = (s: string) => (s.charCodeAt(0) === 0xfeff ? s.slice(1) : s);
  const parse = (s: string): unknown => {
    try {
      return JSON.parse(s);
    } catch {
      return undefined;
    }
  };
  const isRec = (v: unknown): v is { id: string; type: string } =>
    v !== null &&
    typeof v === "object" &&
    !Array.isArray(v) &&
    typeof (v as { type?: unknown }).type === "string" &&
    (v as { type: string }).type !== "" &&
    typeof (v as { id?: unknown }).id === "string" &&
    (v as { id: string }).id !== "";
  if (!terminated && !isRec(parse(noBom(lossy)))) {
    return { events: [], torn: lossy.trim() !== "" };
  }
  let text: string;
  try {
    text = strict.decode(bytes);
  } catch {
    return { events: [[line, "bad", "invalid UTF-8"]], torn: false };
  }
  const events: Event[] = [];
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
    events.push([line, "warning", "UTF-8 byte order mark ignored"]);
  }
  if (text.trim() === "") return { events, torn: false };
  const v = parse(text);
  if (v === undefined) return { events: [...events, [line, "bad", "invalid JSON"]], torn: false };
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    const kind = v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
    return { events: [...events, [line, "bad", `not an object (${kind})`]], torn: false };
  }
  const o = v as Record<string, unknown>;
  if (typeof o.type !== "string" || o.type === "")
    return { events: [...events, [line, "bad", "missing type"]], torn: false };
  if (typeof o.id !== "string" || o.id === "")
    return { events: [...events, [line, "bad", "missing id"]], torn: false };
  if (!isEntryType(o.type)) return { events: [...events, [line, "unknown", o.type]], torn: false };
  return { events: [...events, [line, "rec", `${o.type}:${o.id}`]], torn: false };
}

const entryLine = fc
  .record({
    id: fc.oneof(fc.stringMatching(/^[0-9a-f]{8}$/), fc.string()),
    type: fc.oneof(fc.constantFrom(...ENTRY_TYPES), fc.string()),
    text: fc.string({ unit: "grapheme" }),
    extra: fc.jsonValue({ maxDepth: 2 }),
  })
  .map((e) => Buffer.from(JSON.stringify(e)));
const noNewline = (b: Buffer) => b.indexOf(0x0a) < 0;
const lineBytes = fc
  .oneof(
    { weight: 4, arbitrary: entryLine },
    {
      weight: 1,
      arbitrary: fc
        .tuple(entryLine, fc.constantFrom(" x", "}", "\t", ",{}", "\u2028"))
        .map(([e, tail]) => Buffer.concat([e, Buffer.from(tail)])),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v) ?? "")) },
    { weight: 2, arbitrary: fc.string({ unit: "binary" }).map((s) => Buffer.from(s)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 40 }).map((a) => Buffer.from(a)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("null", "42", "[]", "{}", "", "   ", "\uFEFF", "\r")
        .map((s) => Buffer.from(s)),
    },
  )
  .filter(noNewline);
const soup = fc.record({
  lines: fc.array(fc.record({ bytes: lineBytes, crlf: fc.boolean(), bom: fc.nat(9).map((k) => k === 0) }), {
    maxLength: 12,
  }),
  terminated: fc.boolean(),
  split: fc.nat(),
});

function build(lines: { bytes: Buffer; crlf: boolean; bom: boolean }[], terminated: boolean) {
  const parts: Buffer[] = [];
  const physical: Buffer[] = [];
  lines.forEach((l, i) => {
    const last = i === lines.length - 1;
    const body = Buffer.concat([
      l.bom ? Buffer.from("\uFEFF") : Buffer.alloc(0),
      l.bytes,
      l.crlf ? Buffer.from("\r") : Buffer.alloc(0),
    ]);
    physical.push(body);
    parts.push(body);
    if (!last || terminated) parts.push(Buffer.from("\n"));
  });
  return { data: Buffer.concat(parts), physical };
}

test(`(a) the line scanner classifies arbitrary byte soup exactly like the oracle (${NUM_RUNS} cases)`, () => {
  fc.assert(
    fc.property(soup, ({ lines, terminated, split }) => {
      const { data, physical } = build(lines, terminated);
      const expected: Event[] = [];
      let torn: number | null = null;
      physical.forEach((b, i) => {
        const isLast = i === physical.length - 1;
        const o = oracle(b, i + 1, !isLast || terminated);
        expected.push(...o.events);
        if (o.torn) torn = i + 1;
      });
      const whole = scanBytes(data, START);
      assert.deepEqual(whole.events, expected);
      assert.equal(whole.tornTail?.line ?? null, torn);

      // A reader that saw only a prefix (a writer was mid-append) and then reads on: every valid line that
      // starts after the split is reported exactly as in one read.
      const cut = data.length === 0 ? 0 : split % (data.length + 1);
      const first = scanBytes(data, START, cut);
      const rest = scanBytes(data, first.end);
      const splitLine = data.subarray(0, cut).toString("latin1").split("\n").length;
      const after = (es: Event[]) => es.filter((e) => e[0] > splitLine);
      assert.deepEqual(after([...first.events, ...rest.events]), after(expected));
      assert.equal(rest.tornTail?.line ?? null, torn);
    }),
    params(),
  );
});

// ── (b) the tool actions ──────────────────────────────────────────────────────────────────────────

const NOW = new Date("2026-03-01T12:00:00.000Z");
/** Odd entries Rho would load: right id and type, wrong or missing fields. */
const ODD = [
  { id: "odd00001", type: "learning", created: 5 },
  { id: "odd00002", type: "task", description: 42, tags: "a,b", status: ["x"], priority: {}, due: 17 },
  { id: "odd00003", type: "reminder", text: null, cadence: "bogus", enabled: "yes", next_due: 3 },
  { id: "odd00004", type: "identity", key: 7, value: { a: 1 } },
  { id: "odd00005", type: "context", path: 5, content: null },
  { id: "odd00006", type: "preference", text: ["a"], category: null },
  { id: "odd00007", type: "behavior", category: "do", text: {} },
  { id: "odd00008", type: "user", key: "k", value: null },
  {
    id: "odd00009",
    type: "reminder",
    text: "odd cadence",
    cadence: { kind: "interval", every: "99999999999d" },
    enabled: true,
  },
  { id: "odd00010", type: "task", description: "", status: "done" },
  // The same oddities with the registry's JSON types: these load (the ones above are reported bad lines).
  { id: "odd00011", type: "learning", created: "not a date" },
  { id: "odd00012", type: "task", description: "42", tags: [], status: "x", priority: "", due: "17" },
  { id: "odd00013", type: "reminder", text: null, cadence: "bogus", enabled: null, next_due: "3" },
  { id: "odd00014", type: "identity", key: "7", value: "" },
  { id: "odd00015", type: "context", path: "5", content: null },
  { id: "odd00016", type: "preference", text: null, category: null },
  { id: "odd00017", type: "behavior", category: "do", text: "" },
];

async function baseLog(): Promise<{ text: string; ids: string[]; badLines: number }> {
  let n = 0;
  const random = (bytes: number) => (n++).toString(16).padStart(bytes * 2, "0");
  const store = new MemoryStore();
  const brain = Brain.open({ store, now: () => NOW, random });
  await brain.act({ action: "add", type: "learning", text: "Use pnpm, not npm" });
  await brain.act({ action: "add", type: "preference", text: "Early returns", category: "Code" });
  await brain.act({ action: "add", type: "task", description: "Fix the flaky test", priority: "high" });
  await brain.act({ action: "add", type: "reminder", text: "Backup", cadence: "6h", enabled: true });
  await brain.act({ action: "add", type: "identity", key: "name", value: "rho" });
  await brain.act({ action: "add", type: "context", project: "demo", path: "/work/demo", content: "A demo" });
  store.writeRaw(ODD.map((e) => `${JSON.stringify({ created: NOW.toISOString(), ...e })}\n`).join(""));
  const loaded = Brain.open({ store, seedDefault: false });
  return {
    text: store.text,
    ids: [...loaded.state.live()].map((r) => r.id),
    badLines: loaded.health().badLineCount,
  };
}

const FIELDS = [
  "text",
  "description",
  "key",
  "value",
  "category",
  "content",
  "path",
  "project",
  "id",
  "cadence",
  "enabled",
  "tags",
  "priority",
  "status",
  "due",
  "completedAt",
  "limit",
  "offset",
  "filter",
  "query",
  "verbose",
  "result",
  "error",
  "reason",
  "scope",
  "source",
  "projectPath",
  "created",
  "type",
  "last_run",
  "next_due",
];

function actionInput(ids: string[]) {
  const scalar = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: "grapheme", maxLength: 30 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constantFrom(...ids),
    fc.constantFrom(
      "pending",
      "done",
      "all",
      "active",
      "disabled",
      "ok",
      "error",
      "skipped",
      "6h",
      "08:00",
      "true",
      "0",
      "high",
      "global",
      "project",
      "2026-04-01",
      "Code",
      "do",
      "x".repeat(9000),
      '{"kind":"daily","at":"25:00"}',
    ),
  );
  const value = fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
  );
  return fc.record({
    action: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...ACTIONS) }, { weight: 1, arbitrary: value }),
    type: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...ENTRY_TYPES) },
      { weight: 1, arbitrary: value },
    ),
    fields: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }),
    extra: fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 2 }),
    secrets: fc.constantFrom("refuse", "redact", "allow") as fc.Arbitrary<"refuse" | "redact" | "allow">,
  });
}

const CODES = new Set(["INVALID", "NOT_FOUND", "DUPLICATE", "LOCKED", "CONFIG", "IO"]);

test(`(b) every tool action on arbitrary input: a clear BrainError or a valid, whole write (${NUM_RUNS} cases)`, async (t) => {
  const base = await baseLog();
  let n = 1000;
  const random = (bytes: number) => (n++).toString(16).padStart(bytes * 2, "0");
  const outcomes = { ok: 0, writes: 0, errors: 0 };
  await fc.assert(
    fc.asyncProperty(actionInput(base.ids), async (input) => {
      const store = new MemoryStore(base.text);
      const brain = Brain.open({
        store,
        seedDefault: false,
        now: () => NOW,
        random,
        settings: { secrets: input.secrets },
      });
      const p: Record<string, unknown> = { ...input.extra, ...input.fields, action: input.action };
      if (input.type !== undefined) p.type = input.type;
      let result: Awaited<ReturnType<Brain["act"]>>;
      try {
        result = await brain.act(p);
      } catch (e) {
        if (!(e instanceof BrainError))
          throw new Error(`not a BrainError: ${(e as Error)?.stack ?? String(e)}`);
        assert.ok(CODES.has(e.code), `code ${e.code}`);
        assert.ok(e.message.trim().length > 0, "the error says what is wrong");
        assert.equal(store.text, base.text, "a refused action writes nothing");
        outcomes.errors++;
        return;
      }
      outcomes.ok++;
      assert.equal(result.ok, true);
      const appended = store.text.slice(base.text.length);
      assert.equal(store.text.slice(0, base.text.length), base.text, "existing lines untouched");
      const lines = appended === "" ? [] : appended.split("\n");
      if (lines.length > 0) {
        outcomes.writes++;
        assert.equal(lines.pop(), "", "the write ends with a newline");
      }
      assert.equal(lines.length, result.written.length, "one line per reported entry");
      lines.forEach((l, i) => {
        const parsed = JSON.parse(l) as Record<string, unknown>;
        assert.deepEqual(parsed, JSON.parse(JSON.stringify(result.written[i])));
        validateEntry(parsed);
      });
      const view = new FoldView();
      const r = store.scan(START, view);
      assert.equal(view.health.badLineCount, base.badLines, "the log re-scans with no new bad line");
      assert.deepEqual(view.health.unknownTypes, []);
      assert.equal(r.tornTail, null);
    }),
    params(),
  );
  t.diagnostic(`outcomes: ${JSON.stringify(outcomes)}`);
  assert.ok(
    outcomes.writes > NUM_RUNS / 50,
    `a fair share of cases wrote something (${JSON.stringify(outcomes)})`,
  );
  assert.ok(outcomes.errors > NUM_RUNS / 50, `and a fair share were refused (${JSON.stringify(outcomes)})`);
});
