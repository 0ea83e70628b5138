import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { type Served, startServe } from "../serve/_support.ts";
import { brainOk, lastLine, ROOT, removeSandbox, type Sandbox, sandbox } from "../support/cli.ts";
import { type Browser, chromiumMissing, launchBrowser } from "../support/viewer.ts";

/**
 * The viewer in real Chromium against a real `brain serve`: load, search, edit, remove, undo, a live update
 * from a separate CLI write, the history slider, the keyboard; and no request leaves 127.0.0.1.
 */
const missing = chromiumMissing();
if (missing) process.stderr.write(`viewer tests skipped: ${missing}\n`);
/** Every run writes its screenshots to .tmp/screenshots (the docs' come from scripts/viewer-screenshots.ts). */
const SHOTS = join(ROOT, ".tmp", "screenshots");

describe("viewer in Chromium", { skip: missing ?? false }, () => {
  let sb: Sandbox;
  let served: Served;
  let origin: string;
  let eventsBeforeEdit = 0;
  const cleanups: (() => Promise<void> | void)[] = [];
  let b: Browser;
  let page: Page;
  const row = (text: string) => page.locator("li.entry", { hasText: text });
  /** The focused element's label (document.activeElement: it does not need the window to have focus). */
  const focusedName = async () =>
    String(
      await page.evaluate(
        "(e => e ? e.getAttribute('aria-label') ?? e.textContent ?? '' : '')(document.activeElement)",
      ),
    );
  const byId = (id: string) => page.locator(`li.entry[data-id="${id}"]`);

  before(async () => {
    sb = sandbox("brain-viewer-");
    await brainOk(sb, ["init"]); // the default behaviours too: a small budget has something to cut
    await brainOk(sb, ["add", "type=learning", "text=This repo uses pnpm, not npm"]);
    await brainOk(sb, ["add", "type=learning", "text=Deploys go out on Tuesdays"]);
    await brainOk(sb, ["add", "type=preference", "category=Code", "text=Prefer small pure functions"]);
    await brainOk(sb, ["ingest", join(ROOT, "test", "recall", "fixtures", "dinners.jsonl")]);
    served = await startServe(sb, { after: (fn) => cleanups.push(fn) }, { args: ["--idle-minutes", "0"] });
    origin = `http://127.0.0.1:${served.info.port}`;
    b = await launchBrowser(join(sb.dir, "profile"));
    page = b.page;
  });
  after(async () => {
    await b?.close();
    for (const fn of cleanups) await fn();
    if (sb) removeSandbox(sb);
  });

  test("loads: every entry marked injected or stored only, with budget bars", async () => {
    await page.goto(`${origin}/#token=${served.info.token}`);
    await row("uses pnpm").waitFor();
    assert.equal(page.url(), `${origin}/`, "the token is not left in the address bar");
    assert.deepEqual(await b.context.cookies(), [], "no cookie: every local port would receive it");
    await page.locator("meter[aria-label='total budget']").waitFor();
    await page
      .locator("li.entry .badge", { hasText: /^injected$/ })
      .first()
      .waitFor();
    const badges = await page.locator("li.entry .badge").allTextContents();
    const entries = await page.locator("li.entry").count();
    assert.equal(badges.length, entries);
    assert.ok(
      badges.every((t) => t === "injected" || t === "stored only"),
      badges.join(","),
    );
    assert.ok(badges.includes("injected"), "the default context injects something");
    assert.ok((await page.locator("meter[aria-label='total budget']").count()) === 1);
    assert.match((await row("uses pnpm").locator(".reason").textContent()) ?? "", /\S/);
    fs.mkdirSync(SHOTS, { recursive: true });
  });

  test("a query and a small budget: cut entries are stored only, with the reason", async () => {
    await page.getByLabel("Prompt query").fill("pnpm");
    await page.getByLabel("Token budget").fill("260");
    await page.getByRole("button", { name: "Build context" }).click();
    await page.locator("meter[aria-label='total budget'][max='260']").waitFor();
    const cut = page.locator("li.entry.stored", {
      has: page.locator(".reason", { hasText: /budget|floor/ }),
    });
    // Attached, not visible: the cut ones may be defaults, in their collapsed group.
    await cut.first().waitFor({ state: "attached" });
    await page.screenshot({ path: join(SHOTS, "viewer-1280x800.png") });
    await page.getByLabel("Token budget").fill("");
    await page.getByLabel("Prompt query").fill("");
    await page.getByRole("button", { name: "Build context" }).click();
    await page.locator("meter[aria-label='total budget']:not([max='260'])").waitFor();
  });

  test("search narrows the list", async () => {
    await page.getByLabel("Search entries").fill("tuesdays");
    await page.locator("li.entry").first().waitFor();
    // No second row left (a locator: the page's policy refuses waitForFunction's string predicate).
    await page.locator("li.entry").nth(1).waitFor({ state: "detached" });
    assert.match((await page.locator("li.entry .text").textContent()) ?? "", /Tuesdays/);
    await page.getByLabel("Search entries").fill("");
    await row("uses pnpm").waitFor();
  });

  test("edit writes an update the page shows", async () => {
    eventsBeforeEdit = fs.readFileSync(sb.brainPath, "utf8").trim().split("\n").length;
    const id = (await row("uses pnpm").getAttribute("data-id")) as string;
    const r = byId(id);
    await r.getByRole("button", { name: "Edit" }).click();
    await r.locator("textarea").fill("This repo uses pnpm 9, not npm");
    await r.getByRole("button", { name: "Save" }).click();
    await row("pnpm 9").waitFor();
    const last = lastLine(sb.brainPath);
    assert.equal(last.id, id);
    assert.equal(last.text, "This repo uses pnpm 9, not npm");
  });

  test("remove appends a tombstone; undo re-adds the same id", async () => {
    const id = (await row("Tuesdays").getAttribute("data-id")) as string;
    const r = byId(id);
    await r.getByRole("button", { name: "Remove" }).click();
    await page.getByRole("button", { name: "Undo" }).waitFor();
    await r.waitFor({ state: "detached" });
    assert.equal(lastLine(sb.brainPath).type, "tombstone");
    assert.equal(lastLine(sb.brainPath).target_id, id);
    await page.getByRole("button", { name: "Undo" }).click();
    await row("Tuesdays").waitFor();
    assert.equal(await row("Tuesdays").getAttribute("data-id"), id);
    assert.equal(lastLine(sb.brainPath).id, id);
    assert.equal(lastLine(sb.brainPath).type, "learning");
  });

  test("an entry added by a separate CLI process appears without a reload", async () => {
    const navigations: string[] = [];
    page.on("framenavigated", (f) => navigations.push(f.url()));
    await brainOk(sb, ["add", "type=learning", "text=Added from the CLI while the page is open"]);
    await row("from the CLI").waitFor();
    assert.deepEqual(navigations, [], "the page did not reload");
  });

  test("history slider: the brain then, and the diff between two points", async () => {
    await page.getByRole("tab", { name: "History" }).click();
    const slider = page.getByLabel("History point");
    await slider.waitFor();
    const max = Number(await slider.getAttribute("max"));
    const lines = fs.readFileSync(sb.brainPath, "utf8").trim().split("\n");
    assert.equal(max, lines.length, "one slider step per event of the log");
    // The point just before the CLI's add: the entry is not in the brain then; the diff to the end adds it.
    await slider.focus();
    await page.keyboard.press("ArrowLeft");
    await page
      .locator("output")
      .first()
      .filter({ hasText: new RegExp(`^${max - 1}$`) })
      .waitFor();
    await page.locator(".event-line", { hasText: `#${max - 1} ` }).waitFor();
    const state = page.getByRole("region", { name: "Brain at this point" });
    await state.getByText("pnpm 9").waitFor();
    assert.equal(await state.getByText("from the CLI").count(), 0);
    await page.getByLabel("Compare from").focus();
    await page.keyboard.press("Home");
    const changes = page.getByRole("region", { name: "Changes" });
    await changes.locator(".difflist.added").getByText("Prefer small pure functions").waitFor();
    await page.keyboard.press("End");
    await page.locator(".difflist").first().waitFor({ state: "detached" });
    // Back to the end of the log: the CLI's entry is there.
    await slider.focus();
    await page.keyboard.press("End");
    await state.getByText("from the CLI").waitFor();
  });

  test("episodes: a timeline of sessions; a session opens with the keyboard", async () => {
    await page.getByRole("tab", { name: "Episodes" }).click();
    const sessions = page.locator("details.session");
    await sessions.first().waitFor();
    assert.ok((await sessions.count()) >= 2, "one row per session");
    await sessions.first().locator("summary").focus();
    await page.keyboard.press("Enter");
    await sessions.first().locator("ol.turns li").first().waitFor({ state: "visible" });
    assert.match((await sessions.first().locator("ol.turns").textContent()) ?? "", /\S/);
  });

  test("keyboard: Tab reaches the controls, Enter activates a tab", async () => {
    await page.getByRole("tab", { name: "Entries" }).click();
    await page.locator("h1").click(); // the start of the focus order
    const reached: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      reached.push(await focusedName());
    }
    for (const want of ["Working directory", "Prompt query", "History", "Search entries"])
      assert.ok(reached.includes(want), `${want} not reached by Tab: ${reached.join(" | ")}`);
    await page.locator("h1").click(); // the start of the focus order
    while ((await focusedName()) !== "History") await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.getByLabel("History point").waitFor();
  });

  test("readable on a narrow window", async () => {
    await page.getByRole("tab", { name: "Entries" }).click();
    await page.setViewportSize({ width: 400, height: 800 });
    await row("pnpm 9").waitFor();
    const overflow = Number(await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"));
    assert.ok(overflow <= 0, `no horizontal scrolling at 400 px (overflow ${overflow}px)`);
    await page.screenshot({ path: join(SHOTS, "viewer-400-narrow.png"), fullPage: false });
    await page.getByRole("tab", { name: "History" }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel("History point").waitFor();
    // Compared with the brain before the edit: the edit shows as changed (before → after), the CLI's add as added.
    await page.getByLabel("Compare from").focus();
    await page.keyboard.press("Home");
    for (let i = 0; i < eventsBeforeEdit; i++) await page.keyboard.press("ArrowRight");
    await page.locator(".difflist.changed").getByText("pnpm 9").waitFor();
    await page.screenshot({ path: join(SHOTS, "viewer-history-1280x800.png") });
  });

  test("no request left 127.0.0.1", () => {
    assert.ok(b.requests.length > 5, "requests were recorded");
    const foreign = b.requests.filter((u) => !u.startsWith(`${origin}/`));
    assert.deepEqual(foreign, []);
  });
});
