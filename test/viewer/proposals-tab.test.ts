import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { http, startServe } from "../serve/_support.ts";
import { ROOT, removeSandbox, sandbox } from "../support/cli.ts";
import { chromiumMissing, launchBrowser } from "../support/viewer.ts";

/**
 * The viewer's Proposals view in real Chromium at 400 px wide, over a real `brain serve` (issue 28, "Review
 * (Mission Control)"): the pending proposals listed with kind → target and why, one opened shows its evidence
 * and its diff (+ lines marked added), an empty edit is refused with the error in the page, an edit changes the
 * diff, Accept writes the edited text into the brain file, Reject leaves it out, and the list ends empty.
 */
const missing = chromiumMissing();
if (missing) process.stderr.write(`viewer tests skipped: ${missing}\n`);
const SHOTS = join(ROOT, ".tmp", "screenshots");

const draft = (n: number, rule: string, evidence: string) => ({
  kind: "append" as const,
  scope: "brain" as const,
  target: "TOOLS.md",
  title: `Rule ${n}`,
  text: `- ${rule}`,
  issue: "tool-usage" as const,
  why: `npm test failed 5 times this week (${n})`,
  evidence: [{ line: n, at: "2026-03-01T10:00:00.000Z", session: `s${n}`, text: evidence }],
  opportunity: { hash: `h${n}`, kind: "tool-failure" },
  source: "cycle" as const,
  drafter: "rule" as const,
});

test("review proposals in the viewer: evidence, diff, edit, accept, reject", {
  skip: missing ?? false,
}, async (t) => {
  const sb = sandbox("brain-viewer-proposals-");
  const brain = Brain.open({ path: sb.brainPath });
  const tools = join(sb.dir, "brain", "TOOLS.md");
  fs.mkdirSync(join(sb.dir, "brain"), { recursive: true });
  fs.writeFileSync(tools, "# Tools\n- Install with yarn\n");
  const { proposed } = await brain.improve.propose([
    draft(1, "Run the tests with `npm test -- --runInBand`", "npm test failed: ENOTCACHED worker"),
    draft(2, "Deploy as the deploy user", "ssh root@prod refused"),
    {
      ...draft(3, "Install with yarn", "yarn: command not found"),
      kind: "removal",
      title: "Drop yarn",
      cleanupIntent: "the project moved to npm",
    },
  ]);
  brain.close();
  const [a, b, c] = proposed.map((p) => p.id) as [string, string, string];
  const served = await startServe(sb, t, { args: ["--idle-minutes", "0"] });
  const browser = await launchBrowser(join(sb.dir, "profile"), { width: 400, height: 800 });
  // After the server stops: close the browser, then remove the sandbox its profile lives in.
  t.after(async () => {
    await browser.close();
    removeSandbox(sb);
  });
  const page = browser.page;
  const origin = `http://127.0.0.1:${served.info.port}`;
  await page.goto(`${origin}/#token=${served.info.token}`);
  await page.getByRole("tab", { name: "Proposals" }).click();

  const list = page.locator("ul[aria-label='Proposals']");
  const item = (title: string) => list.locator("li.proposal", { hasText: title });
  await item("Rule 2").waitFor();
  assert.equal(await list.locator("li.proposal").count(), 3);
  const head = (await item("Rule 1").locator(".route").textContent())?.trim();
  assert.equal(head, "append → TOOLS.md");
  assert.equal(
    (await item("Rule 1").locator(".why").textContent())?.trim(),
    "npm test failed 5 times this week (1)",
  );

  // Opened: its evidence line and its diff, the added line marked as added.
  const one = item("Rule 1");
  await one.locator(".proposal-head").click();
  await one.locator(".evidence li", { hasText: "ENOTCACHED worker" }).waitFor();
  assert.match((await one.locator(".evidence li").textContent()) ?? "", /2026-03-01 10:00 · s1 · line 1/);
  const added = one.locator(".diff .diff-line.plus");
  await added.first().waitFor();
  assert.deepEqual(await added.allTextContents(), ["+- Run the tests with `npm test -- --runInBand`"]);
  assert.deepEqual(await one.locator(".diff .diff-line.ctx").allTextContents(), [
    " # Tools",
    " - Install with yarn",
  ]);
  const green = await added
    .first()
    .evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).color);
  assert.equal(green, "rgb(23, 102, 58)", "an added line is green");
  const overflow = Number(await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"));
  assert.ok(overflow <= 0, `no horizontal scrolling at 400 px (overflow ${overflow}px)`);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, "viewer-proposals-400.png"), fullPage: true });

  // A removal: the line it takes out is marked removed, in red; rejected, it leaves the list and the file alone.
  const three = item("Drop yarn");
  await three.locator(".proposal-head").click();
  const removed = three.locator(".diff .diff-line.minus");
  await removed.first().waitFor();
  assert.deepEqual(await removed.allTextContents(), ["-- Install with yarn"]);
  assert.equal(
    await removed.first().evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).color),
    "rgb(165, 14, 14)",
  );
  await three.getByRole("button", { name: `Reject ${c}` }).click();
  await three.waitFor({ state: "detached" });
  assert.equal(fs.readFileSync(tools, "utf8"), "# Tools\n- Install with yarn\n");

  // An empty edit is refused and the error is shown in the page; a real edit changes the diff.
  await one.locator(".proposal-head").click();
  await one.getByRole("button", { name: `Edit ${a}` }).click();
  const box = one.getByLabel(`Text of ${a}`);
  await box.fill("   ");
  await one.getByRole("button", { name: "Save" }).click();
  await one.locator(".error[role=alert]").waitFor();
  await box.fill("- Run the tests with `npm test -- --runInBand --ci`");
  await one.getByRole("button", { name: "Save" }).click();
  await one.locator(".diff .diff-line.plus", { hasText: "--ci" }).waitFor();
  assert.equal(await one.locator(".error[role=alert]").count(), 0, "the error went with the good edit");

  await one.getByRole("button", { name: `Accept ${a}` }).click();
  await one.waitFor({ state: "detached" });
  const shown = await http(served.info, `/api/proposals/${a}`);
  assert.equal(shown.body.proposal.status, "accepted");
  const file = shown.body.proposal.applied.file as string;
  assert.equal(
    fs.realpathSync(file),
    fs.realpathSync(tools),
    "the accepted rule went to TOOLS.md beside the brain",
  );
  assert.match(fs.readFileSync(file, "utf8"), /- Run the tests with `npm test -- --runInBand --ci`/);

  const two = item("Rule 2");
  await two.locator(".proposal-head").click();
  await two.locator(".evidence li", { hasText: "ssh root@prod refused" }).waitFor();
  await two.getByRole("button", { name: `Reject ${b}` }).click();
  await page.locator(".empty", { hasText: "Nothing to review" }).waitFor();
  assert.equal((await http(served.info, `/api/proposals/${b}`)).body.proposal.status, "rejected");
  assert.doesNotMatch(fs.readFileSync(file, "utf8"), /deploy user/, "a rejected proposal is not written");
  assert.ok(
    browser.requests.every((u) => u.startsWith(origin) || u.startsWith("data:")),
    browser.requests.join("\n"),
  );
});
