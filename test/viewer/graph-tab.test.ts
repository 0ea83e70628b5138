import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { runHook } from "../hooks/_support.ts";
import { type Served, startServe } from "../serve/_support.ts";
import { brainOk, ROOT, removeSandbox, type Sandbox, sandbox } from "../support/cli.ts";
import { type Browser, chromiumMissing, launchBrowser } from "../support/viewer.ts";

/**
 * The viewer's Graph tab in real Chromium against a real `brain serve`: the hubs, a neighbourhood drawn as a
 * graph that a click (or Enter) walks through, finding a node by word, and the history slider showing the
 * weights at an earlier point (a concept the prompts matched grew since).
 */
const missing = chromiumMissing();
if (missing) process.stderr.write(`viewer tests skipped: ${missing}\n`);

describe("the Graph tab in Chromium", { skip: missing ?? false }, () => {
  let sb: Sandbox;
  let served: Served;
  let b: Browser;
  let page: Page;
  const cleanups: (() => Promise<void> | void)[] = [];
  const heading = () => page.locator("section.graph .neighbourhood h2").textContent();

  before(async () => {
    sb = sandbox("brain-viewer-graph-");
    await brainOk(sb, ["init", "--empty"]);
    await brainOk(sb, [
      "add",
      "type=learning",
      "text=The walrus service writes invoices to the ledger queue",
    ]);
    await brainOk(sb, ["add", "type=learning", "text=The walrus service retries ledger writes three times"]);
    await brainOk(sb, [
      "add",
      "type=preference",
      "category=Ops",
      "text=Page the walrus on-call before retrying by hand",
    ]);
    // Prompts through the hook (no server yet: answered in process): matches that boost "walrus".
    for (const prompt of ["why is walrus slow?", "walrus ledger errors again", "restart walrus?"]) {
      const r = await runHook(sb, "user-prompt-submit", { prompt, session_id: "s1", cwd: sb.dir });
      assert.equal(r.code, 0, r.stderr);
    }
    served = await startServe(sb, { after: (fn) => cleanups.push(fn) }, { args: ["--idle-minutes", "0"] });
    b = await launchBrowser(join(sb.dir, "profile"));
    page = b.page;
    await page.goto(`http://127.0.0.1:${served.info.port}/#token=${served.info.token}`);
    await page.getByRole("tab", { name: "Graph" }).click();
  });
  after(async () => {
    await b?.close();
    for (const fn of cleanups) await fn();
    if (sb) removeSandbox(sb);
  });

  test("hubs listed; the first hub's neighbourhood is drawn with its neighbours as nodes", async () => {
    await page.locator("nav.hubs button.hub").first().waitFor();
    const hubs = await page.locator("nav.hubs button.hub").allTextContents();
    assert.ok(
      hubs.some((h) => h.startsWith("walrus")),
      hubs.join(" | "),
    );
    await page.locator("svg.graph-drawing g.node.current").waitFor();
    const nodes = await page.locator("svg.graph-drawing g.node").count();
    const listed = await page.locator("ul.neighbours li").count();
    assert.equal(nodes, listed + 1, "the node and each neighbour");
    assert.ok(
      (await page.locator("svg.graph-drawing line.edge").count()) >= listed,
      "edges to each, and among them",
    );
    fs.mkdirSync(join(ROOT, ".tmp", "screenshots"), { recursive: true });
    await page.screenshot({ path: join(ROOT, ".tmp", "screenshots", "viewer-graph-1280x800.png") });
  });

  test("a click on a node walks to it; Enter on a focused node too; a word finds a node", async () => {
    await page.locator("nav.hubs button.hub", { hasText: /^walrus/ }).click();
    await page.locator("svg.graph-drawing g.node.current[data-ref='c:walru']").waitFor();
    const memory = page.locator("svg.graph-drawing g.node.memory[aria-label*='ledger queue']");
    const ref = (await memory.getAttribute("data-ref")) as string;
    await memory.click();
    await page.locator(`svg.graph-drawing g.node.current[data-ref='${ref}']`).waitFor();
    assert.match((await heading()) ?? "", /memory|walrus/);
    const concept = page.locator("svg.graph-drawing g.node.concept[data-ref='c:ledger']");
    await concept.focus();
    await page.keyboard.press("Enter");
    await page.locator("svg.graph-drawing g.node.current[data-ref='c:ledger']").waitFor();
    await page.getByLabel("Find a node").fill("invoices");
    await page.getByRole("button", { name: "Show" }).click();
    await page.locator("svg.graph-drawing g.node.current[data-ref='c:invoic']").waitFor();
  });

  test("the history slider shows the weights at an earlier point", async () => {
    await page.locator("nav.hubs button.hub", { hasText: /^walrus/ }).click();
    const current = page.locator("svg.graph-drawing g.node.current[data-ref='c:walru']");
    await current.waitFor();
    const now = (await current.getAttribute("aria-label")) ?? "";
    assert.match(now, /weight 0\.55/, "0.4 + 3 matches × 0.05");
    const slider = page.getByLabel("Graph history point");
    await slider.waitFor();
    await slider.fill("0");
    await page.locator("svg.graph-drawing g.node.current[aria-label*='weight 0.40']").waitFor();
    const max = Number(await slider.getAttribute("max"));
    assert.ok(max >= 3, `a point per change (${max + 1})`);
    await slider.fill(String(max));
    await page.locator("svg.graph-drawing g.node.current[aria-label*='weight 0.55']").waitFor();
  });
});
