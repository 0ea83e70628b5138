import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { startServe } from "../serve/_support.ts";
import { brainOk, freshSandbox, json } from "../support/cli.ts";
import { seedHostMemory } from "../support/host-memory-home.ts";
import { chromiumMissing, launchBrowser } from "../support/viewer.ts";

/**
 * The viewer's inbox in real Chromium shows where a note read from a host's own memory came from (issue 29:
 * "shown in the viewer with where it came from"), and accepting it there makes it an entry.
 */
const missing = chromiumMissing();
if (missing) process.stderr.write(`viewer tests skipped: ${missing}\n`);

test("a host memory candidate shows its host, file and line in the viewer's inbox", {
  skip: missing ?? false,
}, async (t) => {
  const sb = freshSandbox(t, "brain-viewer-hm-");
  const project = join(sb.dir, "app");
  seedHostMemory(sb.home, project);
  await brainOk(sb, ["init"]);
  const r = json<{ added: { id: string; text: string; evidence: string[] }[] }>(
    await brainOk(sb, ["--json", "import-host-memory", "--host", "gemini"], { cwd: project }),
  );
  const note = r.added.find((c) => c.text.includes("bastion"));
  assert.ok(note);
  const served = await startServe(sb, t, { args: ["--idle-minutes", "0"] });
  const b = await launchBrowser(join(sb.dir, "profile"));
  t.after(() => b.close());
  const origin = `http://127.0.0.1:${served.info.port}`;
  await b.page.goto(`${origin}/#token=${served.info.token}`);
  await b.page.locator("#tab-inbox").click();
  const item = b.page.locator("ul[aria-label='Inbox'] li.entry", { hasText: "bastion" });
  await item.waitFor();
  assert.equal(await item.locator(".origin").count(), 1, "the item says where it came from");
  assert.equal(
    (await item.locator(".origin").textContent())?.trim(),
    `from gemini's own memory: ${note.evidence[0]}`,
  );
  await item.getByRole("button", { name: `Accept ${note.id}` }).click();
  await item.waitFor({ state: "detached" });
  const list = await brainOk(sb, ["list", "type=learning"]);
  assert.match(list.stdout, /bastion host bastion\.internal/);
  assert.ok(
    b.requests.every((u) => u.startsWith(origin) || u.startsWith("data:")),
    b.requests.join("\n"),
  );
});
