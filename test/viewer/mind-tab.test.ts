import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { http, type Served, startServe } from "../serve/_support.ts";
import { brainOk, removeSandbox, type Sandbox, sandbox } from "../support/cli.ts";
import { type Browser, chromiumMissing, launchBrowser } from "../support/viewer.ts";

/**
 * GET /api/mind over a real socket of a real `brain serve` (a brain without a mind answers `exists: false`
 * and reading creates no file), then the viewer's Mind tab in real Chromium: goals, the plan at its step,
 * the self-summary, the affect chart with a point per tick, recent thoughts and what was explored.
 */
const missing = chromiumMissing();
if (missing) process.stderr.write(`viewer tests skipped: ${missing}\n`);

describe("the agent's mind over HTTP and in the viewer's Mind tab", () => {
  let sb: Sandbox;
  let served: Served;
  const cleanups: (() => Promise<void> | void)[] = [];
  const mindFile = () => join(sb.dir, "brain", ".brain", "mind.jsonl");

  before(async () => {
    sb = sandbox("brain-viewer-mind-");
    await brainOk(sb, ["init", "--empty"]);
    served = await startServe(sb, { after: (fn) => cleanups.push(fn) }, { args: ["--idle-minutes", "0"] });
  });
  after(async () => {
    for (const fn of cleanups) await fn();
    if (sb) removeSandbox(sb);
  });

  test("GET /api/mind: no mind yet answers exists: false and creates no file; then the mind as written", async () => {
    const empty = await http(served.info, "/api/mind");
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body, { exists: false });
    assert.ok(!fs.existsSync(mindFile()), "reading created no mind");

    await brainOk(sb, ["mind", "goal", "add", "Ship dark mode"]);
    await brainOk(sb, ["mind", "plan", "find the theme file", "add a dark palette", "test contrast"]);
    await brainOk(sb, [
      "mind",
      "tick",
      "--type",
      "read",
      "--thought",
      "the theme is in src/theme",
      "--outcome",
      "success",
    ]);
    await brainOk(sb, [
      "mind",
      "tick",
      "--type",
      "run",
      "--error",
      "contrast test failed",
      "--outcome",
      "failure",
    ]);
    await brainOk(sb, ["mind", "reflect", "--self", "I read before I write."]);
    await brainOk(sb, ["mind", "explored", join(sb.dir, "src", "theme.ts"), "the palette"]);

    const r = await http(served.info, "/api/mind");
    assert.equal(r.status, 200);
    assert.equal(r.body.exists, true);
    assert.deepEqual(
      r.body.goals.map((g: { text: string }) => g.text),
      ["Ship dark mode"],
    );
    assert.deepEqual(r.body.decision.plan.steps, [
      "find the theme file",
      "add a dark palette",
      "test contrast",
    ]);
    assert.equal(r.body.decision.plan.current, 1, "the successful tick advanced the plan");
    assert.equal(r.body.decision.lastError, "contrast test failed");
    assert.equal(r.body.decision.self.summary, "I read before I write.");
    assert.equal(r.body.affect.length, 2, "a point per tick");
    assert.equal(r.body.affect[1].outcome, "failure");
    assert.ok(
      r.body.affect[1].hormones.cortisol > r.body.affect[0].hormones.cortisol,
      "a failure raises cortisol",
    );
    assert.deepEqual(
      r.body.thoughts.map((t: { text: string }) => t.text),
      ["the theme is in src/theme"],
    );
    assert.equal(r.body.explored.paths[0].ref, join(sb.dir, "src", "theme.ts"));
    assert.equal((await http(served.info, "/api/mind?limit=0")).status, 400);
  });

  test("the Mind tab shows goals, the plan at its step, self, an affect line per series, thoughts, explored", {
    skip: missing ?? false,
  }, async () => {
    const b: Browser = await launchBrowser(join(sb.dir, "profile"));
    cleanups.unshift(() => b.close());
    const page: Page = b.page;
    await page.goto(`http://127.0.0.1:${served.info.port}/#token=${served.info.token}`);
    await page.getByRole("tab", { name: "Mind" }).click();
    await page.locator("section.mind").waitFor();
    assert.deepEqual(await page.locator("ul.goals li").allTextContents(), ["Ship dark mode"]);
    assert.equal(await page.locator("ol.plan li.current").textContent(), "add a dark palette");
    assert.equal(await page.locator("ol.plan li.done").count(), 1);
    assert.match((await page.locator(".last-error").textContent()) ?? "", /contrast test failed/);
    assert.equal(await page.locator(".self-summary").textContent(), "I read before I write.");
    assert.equal(await page.locator("svg.affect-chart polyline").count(), 7);
    const pts = await page.locator("svg.affect-chart polyline.cortisol").getAttribute("points");
    assert.equal(pts?.split(" ").length, 2, "a point per tick");
    assert.match((await page.locator("ol.thoughts").textContent()) ?? "", /the theme is in src\/theme/);
    assert.match((await page.locator("ul.explored").textContent()) ?? "", /theme\.ts — the palette/);
  });
});
