/** The API over a real socket: auth, Host check, no CORS, every route and its validation errors. */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { brainOk, removeSandbox, type Sandbox, sandbox } from "../support/cli.ts";
import { http, ok, type Served, startServe } from "./_support.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
const DINNERS = join(fileURLToPath(import.meta.url), "..", "..", "recall", "fixtures", "dinners.jsonl");

let sb: Sandbox;
let s: Served;
const cleanups: (() => Promise<void> | void)[] = [];

before(async () => {
  sb = sandbox("brain-serve-api-");
  await brainOk(sb, ["init"], { env }); // the default behaviours: more entries than one page
  await brainOk(sb, ["add", "type=learning", "text=Use pnpm, never npm, in the monorepo"], { env });
  await brainOk(sb, ["add", "type=preference", "text=Prefers tabs over spaces", "category=Code"], { env });
  await brainOk(sb, ["ingest", DINNERS], { env });
  s = await startServe(sb, { after: (fn) => cleanups.push(fn) }, { env });
});
after(async () => {
  for (const fn of cleanups) await fn();
  removeSandbox(sb);
});

describe("auth, Host and origin", () => {
  test("no token → 401, wrong token → 403, the right one as Bearer → 200; a cookie is no token", async () => {
    const none = await http(s.info, "/api/stats", { token: null });
    assert.equal(none.status, 401);
    assert.equal(none.body.error.code, "unauthorized");
    const wrong = await http(s.info, "/api/stats", { token: "x".repeat(s.info.token.length) });
    assert.equal(wrong.status, 403);
    assert.equal(wrong.body.error.code, "forbidden");
    assert.equal((await http(s.info, "/api/stats", { token: "short" })).status, 403);
    await ok(s.info, "/api/stats");
    const cookie = await http(s.info, "/api/stats", {
      token: null,
      headers: { cookie: `brain_token=${s.info.token}` },
    });
    assert.equal(cookie.status, 401, "every local port receives a cookie: it is not a credential");
  });

  test("a Host that is not a loopback name of this port is refused (DNS rebinding), even with the token", async () => {
    for (const host of [
      "evil.example",
      `evil.example:${s.info.port}`,
      "127.0.0.1:1",
      `127.0.0.2:${s.info.port}`,
    ]) {
      const r = await http(s.info, "/api/stats", { host });
      assert.equal(r.status, 421, host);
      assert.equal(r.body.error.code, "bad_host");
    }
    for (const host of [`localhost:${s.info.port}`, `[::1]:${s.info.port}`])
      await ok(s.info, "/api/stats", { host });
    assert.equal((await http(s.info, "/", { host: "evil.example", token: null })).status, 421);
  });

  test("no CORS header ever, not on answers to another origin nor on a preflight", async () => {
    const origin = { origin: "http://evil.example" };
    const replies = [
      await http(s.info, "/api/stats", { headers: origin }),
      await http(s.info, "/api/stats", { token: null, headers: origin }),
      await http(s.info, "/api/entries", {
        method: "OPTIONS",
        token: null,
        headers: { ...origin, "access-control-request-method": "POST" },
      }),
    ];
    for (const r of replies)
      assert.deepEqual(
        Object.keys(r.headers).filter((h) => h.startsWith("access-control-")),
        [],
      );
    assert.notEqual(replies[2]?.status, 204, "a preflight is not granted");
  });

  test("the viewer's page needs no token, sets no cookie and may not be framed", async () => {
    for (const path of ["/", `/?token=${s.info.token}`]) {
      const page = await http(s.info, path, { token: null });
      assert.equal(page.status, 200, path);
      assert.match(String(page.headers["content-type"]), /text\/html/);
      assert.equal(page.headers["set-cookie"], undefined, path);
      assert.equal(page.headers["x-frame-options"], "DENY");
      assert.match(String(page.headers["content-security-policy"]), /frame-ancestors 'none'/);
      assert.equal(page.headers["referrer-policy"], "no-referrer");
      assert.doesNotMatch(page.text, new RegExp(s.info.token), "the page holds no token");
    }
  });
});

describe("routes", () => {
  test("health and stats", async () => {
    const h = await ok(s.info, "/api/health");
    assert.equal(h.pid, s.info.pid);
    assert.equal(h.version, s.info.version);
    assert.equal(typeof h.uptimeMs, "number");
    assert.equal(h.badLineCount, 0);
    assert.ok(h.entries >= 2);
    const st = await ok(s.info, "/api/stats");
    assert.match(st.text, /🧠 1L 1P/);
    assert.equal(st.byType.learning, 1);
    assert.equal(st.byType.preference, 1);
    assert.equal(st.bytes, fs.statSync(sb.brainPath).size);
    assert.equal(st.lines, fs.readFileSync(sb.brainPath, "utf8").trimEnd().split("\n").length);
  });

  test("entries: list, filter, page; get; a bad query is a 400 with issues", async () => {
    const all = await ok(s.info, "/api/entries?limit=2");
    assert.equal(all.entries.length, 2);
    assert.ok(all.total > 2);
    const learnings = await ok(s.info, "/api/entries?type=learning");
    assert.deepEqual(
      learnings.entries.map((e: { text: string }) => e.text),
      ["Use pnpm, never npm, in the monorepo"],
    );
    const q = await ok(s.info, "/api/entries?q=TABS");
    assert.equal(q.total, 1);
    assert.equal(q.entries[0].type, "preference");
    const paged = await ok(s.info, `/api/entries?offset=${all.total - 1}`);
    assert.equal(paged.entries.length, 1);
    const id = learnings.entries[0].id;
    assert.equal((await ok(s.info, `/api/entries/${id}`)).entry.text, learnings.entries[0].text);
    const missing = await http(s.info, "/api/entries/nope");
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, "not_found");
    for (const bad of ["type=spaceship", "limit=0", "limit=abc", "offset=-1"]) {
      const r = await http(s.info, `/api/entries?${bad}`);
      assert.equal(r.status, 400, bad);
      assert.equal(r.body.error.code, "invalid");
      assert.ok(Array.isArray(r.body.error.issues) && r.body.error.issues.length > 0, bad);
    }
  });

  test("entries: add, duplicate, update, remove and undo by re-adding the same id", async () => {
    const added = await ok(
      s.info,
      "/api/entries",
      { method: "POST", body: { type: "learning", text: "Run make check before pushing" } },
      201,
    );
    const id = added.result.data.id;
    assert.match(id, /^[0-9a-f]{8}$/);
    const dup = await http(s.info, "/api/entries", {
      method: "POST",
      body: { type: "learning", text: "Run make check before pushing" },
    });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error.code, "conflict");
    for (const body of [{}, { text: "no type" }, { type: "learning", action: "remove" }, "not json", [1]]) {
      const r = await http(s.info, "/api/entries", { method: "POST", body });
      assert.equal(r.status, 400, JSON.stringify(body));
    }
    const updated = await ok(s.info, `/api/entries/${id}`, {
      method: "PATCH",
      body: { text: "Run make check before every push" },
    });
    assert.equal(updated.result.action, "update");
    assert.equal((await ok(s.info, `/api/entries/${id}`)).entry.text, "Run make check before every push");
    assert.equal((await http(s.info, `/api/entries/${id}`, { method: "PATCH", body: {} })).status, 400);
    assert.equal(
      (await http(s.info, "/api/entries/nope", { method: "PATCH", body: { text: "x" } })).status,
      404,
    );

    const removed = await ok(s.info, `/api/entries/${id}`, { method: "DELETE" });
    assert.equal(removed.entry.text, "Run make check before every push");
    const gone = await ok(s.info, `/api/entries/${id}`);
    assert.equal(gone.removed, true);
    assert.equal(gone.entry.text, "Run make check before every push");
    assert.equal((await http(s.info, `/api/entries/${id}`, { method: "DELETE" })).status, 404);

    const undo = await ok(s.info, "/api/entries", { method: "POST", body: removed.entry }, 201);
    assert.equal(undo.result.data.id, id);
    const back = await ok(s.info, `/api/entries/${id}`);
    assert.equal(back.removed, undefined);
    assert.equal(back.entry.text, "Run make check before every push");
    const log = fs
      .readFileSync(sb.brainPath, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    assert.equal(log.at(-1).id, id, "the undo is one appended line with the same id");
    const twice = await http(s.info, "/api/entries", { method: "POST", body: removed.entry });
    assert.equal(twice.status, 409, "restoring a live id");
    const never = await http(s.info, "/api/entries", {
      method: "POST",
      body: { type: "learning", id: "feedbeef", text: "x" },
    });
    assert.equal(never.status, 404);
  });

  test("context: text, sections and every candidate kept or cut with its reason", async () => {
    const r = await ok(s.info, "/api/context", {
      method: "POST",
      body: { query: "pnpm monorepo", budget: 400 },
    });
    assert.match(r.text, /Use pnpm, never npm/);
    assert.equal(r.budget, 400);
    assert.ok(r.tokens <= 400);
    assert.ok(r.sections.some((x: { name: string }) => /learn/.test(x.name)));
    const learning = (await ok(s.info, "/api/entries?type=learning")).entries[0].id;
    const kept = r.explain.find((x: { id?: string }) => x.id === learning);
    assert.equal(kept?.kept, true);
    assert.ok(
      r.explain.some((x: { kept: boolean; reason: string }) => !x.kept && x.reason !== "kept"),
      "a tight budget cuts",
    );
    const bad = await http(s.info, "/api/context", { method: "POST", body: { budget: "big" } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.issues[0].path, "budget");
  });

  test("search, episodes, rules, learn status", async () => {
    const hits = (await ok(s.info, "/api/search?q=pnpm")).hits;
    assert.equal(hits[0].kind, "learning");
    const ep = (await ok(s.info, "/api/search?q=dinner%20harbour&kinds=episode")).hits;
    assert.ok(
      ep.length > 0 &&
        ep.every((h: { kind: string; sessionId?: string }) => h.kind === "episode" && h.sessionId),
    );
    assert.equal((await http(s.info, "/api/search")).status, 400);
    assert.equal((await http(s.info, "/api/search?q=x&limit=0")).status, 400);

    const { sessions } = await ok(s.info, "/api/episodes");
    assert.equal(sessions.length, 3);
    assert.ok(sessions[0].last >= sessions[1].last, "newest session first");
    assert.equal(
      sessions.reduce((n: number, x: { count: number }) => n + x.count, 0),
      3,
    );
    const one = await ok(s.info, `/api/episodes?session=${encodeURIComponent(sessions[1].sessionId)}`);
    assert.deepEqual(
      one.sessions.map((x: { sessionId: string }) => x.sessionId),
      [sessions[1].sessionId],
    );
    assert.equal((await http(s.info, "/api/episodes?limit=x")).status, 400);

    const project = join(sb.dir, "project");
    fs.mkdirSync(join(project, ".git"), { recursive: true });
    fs.writeFileSync(join(project, "AGENTS.md"), "Keep functions short.\n");
    const rules = await ok(s.info, `/api/rules?cwd=${encodeURIComponent(project)}`);
    assert.deepEqual(
      rules.rules.map((r: { path: string }) => r.path),
      ["AGENTS.md"],
    );
    assert.ok(rules.rules[0].tokens > 0);
    assert.ok(Array.isArray(rules.brainFiles));

    const learn = await ok(s.info, "/api/learn/status");
    assert.equal(learn.queue.records, 0);
    assert.deepEqual(learn.runs, []);
    assert.equal((await ok(s.info, "/api/learn/kick", { method: "POST" }, 202)).ok, true);
  });

  test("hook answers; unknown events and routes are refused", async () => {
    const r = await ok(s.info, "/api/hook/user-prompt-submit", {
      method: "POST",
      body: { prompt: "should I use pnpm in the monorepo?", cwd: sb.dir },
    });
    assert.match(r.output.hookSpecificOutput.additionalContext, /Use pnpm, never npm/);
    assert.equal(
      (await ok(s.info, "/api/hook/user-prompt-submit", { method: "POST", body: { prompt: "/help" } }))
        .output,
      null,
    );
    assert.equal((await http(s.info, "/api/hook/stop", { method: "POST", body: {} })).status, 400);
    assert.equal(
      (await http(s.info, "/api/hook/user-prompt-submit", { method: "POST", body: "[]" })).status,
      400,
    );
    const none = await http(s.info, "/api/nothing-here");
    assert.equal(none.status, 404);
    assert.equal(none.body.error.code, "not_found");
  });
});
