import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page, Route } from "playwright-core";
import { http, type Served, startServe } from "../serve/_support.ts";
import { brainOk, lastLine, removeSandbox, type Sandbox, sandbox } from "../support/cli.ts";
import { type Browser, chromiumMissing, launchBrowser } from "../support/viewer.ts";

/**
 * The viewer centred on the user's memories (issue 25 §4), in real Chromium against a real `brain serve`: own
 * memories first with the defaults collapsed, a type filter, an add form through the write gate, cuts in words,
 * no raw scores, meta entries protected, an undo toast in view, field-level history diffs, and episodes a page
 * at a time with a loading state and readable dates.
 */
const missing = chromiumMissing();
if (missing) process.stderr.write(`viewer tests skipped: ${missing}\n`);

/** 25 one-turn sessions: more than a page of episodes. */
const SESSIONS = 25;

describe("viewer: the user's memories first", { skip: missing ?? false }, () => {
  let sb: Sandbox;
  let served: Served;
  let origin: string;
  const cleanups: (() => Promise<void> | void)[] = [];
  let b: Browser;
  let page: Page;
  const row = (text: string) => page.locator("li.entry", { hasText: text });
  const byId = (id: string) => page.locator(`li.entry[data-id="${id}"]`);

  before(async () => {
    sb = sandbox("brain-viewer-mem-");
    await brainOk(sb, ["init"]);
    await brainOk(sb, ["add", "type=learning", "text=This repo uses pnpm, not npm"]);
    await brainOk(sb, ["add", "type=learning", "text=Deploys go out on Tuesdays"]);
    await brainOk(sb, ["add", "type=preference", "category=Code", "text=Prefer small pure functions"]);
    const turns = Array.from({ length: SESSIONS }, (_, i) => {
      const day = String(i + 1).padStart(2, "0");
      return JSON.stringify({
        session: `s${day}`,
        date: `2024-03-${day}T10:00:00Z`,
        speaker: "Ana",
        text: `Turn of session ${day} about the harbour`,
      });
    });
    const file = join(sb.dir, "sessions.jsonl");
    fs.writeFileSync(file, `${turns.join("\n")}\n`);
    await brainOk(sb, ["ingest", file]);
    served = await startServe(sb, { after: (fn) => cleanups.push(fn) }, { args: ["--idle-minutes", "0"] });
    origin = `http://127.0.0.1:${served.info.port}`;
    b = await launchBrowser(join(sb.dir, "profile"));
    page = b.page;
    await page.goto(`${origin}/#token=${served.info.token}`);
    await row("uses pnpm").waitFor();
  });
  after(async () => {
    await b?.close();
    for (const fn of cleanups) await fn();
    if (sb) removeSandbox(sb);
  });

  test("own memories first; the default behaviours are one collapsed group that expands", async () => {
    const group = page.locator("details.defaults");
    await group.waitFor();
    assert.equal(await group.getAttribute("open"), null, "collapsed at first");
    assert.match((await group.locator("summary").textContent()) ?? "", /16 default/);
    // The user's own entries are visible, the defaults are not, until the group is opened.
    assert.ok(await row("uses pnpm").isVisible());
    // One total bar in view; the per-section bars wait behind a disclosure.
    await page.locator("meter[aria-label='total budget']").waitFor(); // visible once the context is built
    const sectionBars = page.locator("details.sections meter");
    assert.ok((await sectionBars.count()) > 0);
    assert.equal(await sectionBars.first().isVisible(), false);
    assert.equal(await byId("b0000001").isVisible(), false);
    const firstId = await page.locator("li.entry").first().getAttribute("data-id");
    assert.ok(!/^b00000|^meta|^rem0/.test(firstId ?? ""), `first row is the user's own, not ${firstId}`);
    await group.locator("summary").click();
    await byId("b0000001").waitFor({ state: "visible" });
    await group.locator("summary").click();
  });

  test("filter by type shows only that type", async () => {
    await page.getByLabel("Filter by type").selectOption("preference");
    await row("uses pnpm").waitFor({ state: "detached" });
    const types = await page.locator("li.entry .type").allTextContents();
    assert.ok(types.length > 0);
    assert.deepEqual([...new Set(types)], ["preference"]);
    await page.getByLabel("Filter by type").selectOption("");
    await row("uses pnpm").waitFor();
  });

  test("the add form writes through the API's write gate, which refuses a duplicate", async () => {
    const form = page.getByRole("form", { name: "Add a memory" });
    await form.getByLabel("Type").selectOption("learning");
    await form.getByLabel("Text").fill("Releases are tagged from main only");
    await form.getByRole("button", { name: "Add" }).click();
    await row("tagged from main").waitFor();
    const last = lastLine(sb.brainPath);
    assert.equal(last.type, "learning");
    assert.equal(last.text, "Releases are tagged from main only");
    await form.getByLabel("Text").fill("Releases are tagged from main only");
    await form.getByRole("button", { name: "Add" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /duplicate/i })
      .waitFor();
    assert.equal(await row("tagged from main").count(), 1);
  });

  test("cuts are explained in words with the tokens needed; no raw scores", async () => {
    await page.getByLabel("Prompt query").fill("pnpm");
    await page.getByLabel("Token budget").fill("260");
    await page.getByRole("button", { name: "Build context" }).click();
    await page.locator("meter[aria-label='total budget'][max='260']").waitFor();
    const cut = page.locator("li.entry.stored .reason", {
      hasText: /^cut: budget full, needed \d+ more tokens?/,
    });
    await cut.first().waitFor({ state: "attached" });
    const reasons = await page.locator("li.entry .reason").allTextContents();
    assert.ok(
      reasons.every((r) => !/score/i.test(r)),
      `no score next to a memory: ${reasons.join(" | ")}`,
    );
    // The API says how many tokens each cut needed.
    const ctx = await http(served.info, "/api/context", {
      method: "POST",
      body: { query: "pnpm", budget: 260 },
    });
    const cuts = ctx.body.explain.filter((x: { reason: string }) => x.reason === "budget");
    assert.ok(cuts.length > 0);
    for (const c of cuts) assert.ok(Number.isInteger(c.needed) && c.needed > 0, JSON.stringify(c));
    await page.getByLabel("Token budget").fill("");
    await page.getByLabel("Prompt query").fill("");
    await page.getByRole("button", { name: "Build context" }).click();
    await page.locator("meter[aria-label='total budget']:not([max='260'])").waitFor();
  });

  test("meta entries have no remove button, and the API refuses removing them", async () => {
    await page.locator("details.defaults summary").click();
    const meta = byId("meta0001");
    await meta.waitFor();
    assert.equal(await meta.getByRole("button", { name: /Remove/ }).count(), 0);
    const r = await http(served.info, "/api/entries/meta0001", { method: "DELETE" });
    assert.equal(r.status, 400, r.text);
    assert.match(r.body.error.message, /schema_version|meta/);
    const patch = await http(served.info, "/api/entries/meta0001", { method: "PATCH", body: { value: "9" } });
    assert.equal(patch.status, 400, patch.text);
    assert.notEqual(lastLine(sb.brainPath).type, "tombstone");
    assert.notEqual(lastLine(sb.brainPath).id, "meta0001");
    await page.locator("details.defaults summary").click();
  });

  test("the undo toast is fixed and in view after removing a row far down the page", async () => {
    await page.setViewportSize({ width: 1280, height: 500 });
    const r = row("Tuesdays");
    await r.scrollIntoViewIfNeeded();
    await page.evaluate("window.scrollTo(0, document.body.scrollHeight)");
    await r.getByRole("button", { name: /Remove/ }).click();
    const undo = page.getByRole("button", { name: "Undo" });
    await undo.waitFor();
    const box = await undo.boundingBox();
    assert.ok(box, "the undo button is rendered");
    assert.ok(box.y >= 0 && box.y + box.height <= 500, `in view: y=${box.y}`);
    const position = await page.evaluate("getComputedStyle(document.querySelector('.undo')).position");
    assert.equal(position, "fixed");
    await undo.click();
    await row("Tuesdays").waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("history shows which fields changed, old → new", async () => {
    const id = (await row("uses pnpm").getAttribute("data-id")) as string;
    await byId(id).getByRole("button", { name: /Edit/ }).click();
    await byId(id).locator("textarea").fill("This repo uses pnpm 9, not npm");
    await byId(id).getByRole("button", { name: "Save" }).click();
    await row("pnpm 9").waitFor();
    await page.getByRole("tab", { name: "History" }).click();
    const slider = page.getByLabel("History point");
    await slider.waitFor();
    // The point after the edit, compared with the one before it.
    const change = page.locator(".difflist.changed .field-change", { hasText: "text" });
    await change.waitFor();
    assert.equal(await change.locator(".old").textContent(), "This repo uses pnpm, not npm");
    assert.equal(await change.locator(".new").textContent(), "This repo uses pnpm 9, not npm");
    assert.match((await change.textContent()) ?? "", /→/);
    // Only what the person changed: not the timestamp the fold gives every update.
    assert.equal(await page.locator(".difflist.changed .field-change").count(), 1);
  });

  test("episodes: a loading state, not 'no episodes', while the page is on its way", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route("**/api/episodes*", hold);
    await page.getByRole("tab", { name: "Episodes" }).click();
    await page.getByText("Loading…").waitFor();
    assert.equal(await page.getByText("No episodes recorded yet").count(), 0);
    release();
    await page.locator("details.session").first().waitFor();
    await page.unroute("**/api/episodes*", hold);
  });

  test("inbox: a loading state, not 'the inbox is empty', while its answer is on its way", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route("**/api/inbox*", hold);
    await page.getByRole("tab", { name: "Inbox" }).click();
    await page.getByText("Loading…").waitFor();
    assert.equal(await page.getByText("The inbox is empty").count(), 0);
    release();
    await page.getByText("The inbox is empty").waitFor();
    await page.unroute("**/api/inbox*", hold);
    await page.getByRole("tab", { name: "Episodes" }).click();
  });

  test("episodes: one page at a time (API and viewer), next/prev, readable dates", async () => {
    const one = await http(served.info, "/api/episodes?limit=10&offset=0");
    assert.equal(one.body.sessions.length, 10);
    assert.equal(one.body.total, SESSIONS);
    assert.ok(
      one.body.sessions.every((s: { episodes?: unknown }) => s.episodes === undefined),
      "a page of sessions carries no turns",
    );
    const turns = await http(served.info, `/api/episodes?session=${one.body.sessions[0].sessionId}`);
    assert.equal(turns.body.sessions[0].episodes.length, 1, "one session's turns on demand");

    const sessions = page.locator("details.session");
    await sessions.first().waitFor();
    const pageSize = await sessions.count();
    assert.ok(pageSize < SESSIONS, `one page, not all ${SESSIONS} sessions (${pageSize})`);
    await page.locator(".pager", { hasText: `1–${pageSize} of ${SESSIONS}` }).waitFor();
    const firstSummary = (await sessions.first().locator("summary").textContent()) ?? "";
    assert.doesNotMatch(firstSummary, /\d{4}-\d{2}-\d{2}T/, "no raw ISO timestamps");
    assert.match(firstSummary, /Mar(ch)? 25, 2024|25 Mar(ch)? 2024/);
    await page.getByRole("button", { name: "Next page" }).click();
    await page.locator(".pager", { hasText: `${pageSize + 1}–` }).waitFor();
    assert.doesNotMatch((await sessions.first().locator("summary").textContent()) ?? "", /25, 2024|25 Mar/);
    await page.getByRole("button", { name: "Previous page" }).click();
    await page.locator(".pager", { hasText: `1–${pageSize} of` }).waitFor();
    // A session's turns load when it is opened.
    await sessions.first().locator("summary").click();
    await sessions.first().locator("ol.turns li", { hasText: "session 25" }).waitFor();
  });
});
