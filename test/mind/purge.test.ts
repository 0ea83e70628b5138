/**
 * A purge reaches the mind (src/engine/local-state.ts): a forgotten session's records and every record
 * holding a purged text leave mind.jsonl, its view's snapshot goes, and nothing of them is left on disk.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { purgeTarget } from "../../src/engine/purge.ts";
import { mindBrain } from "./_support.ts";

function grep(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const p = join(e.parentPath, e.name);
    if (fs.readFileSync(p, "utf8").includes(needle)) hits.push(p);
  }
  return hits;
}

describe("purging the mind", () => {
  it("takes a forgotten session's records and a purged text out of the log and its view", async (t) => {
    const mb = mindBrain(t);
    const mind = mb.brain.mind;
    mind.tick(
      { thought: "session one knows the quartz-lantern", outcome: "neutral" },
      { session: "s1", host: "claude" },
    );
    mind.explored("/srv/quartz-lantern.md", "notes", { session: "s1", host: "claude" });
    mind.tick({ thought: "session two thinks of the harbour", outcome: "neutral" }, { session: "s2" });
    mind.chat("user", "remember the password-bristle-cone please");
    mb.brain.persist(true);
    assert.ok(grep(mb.root, "quartz-lantern").length >= 2, "the log and the view hold it");
    const r = await mb.brain.core.purge(
      purgeTarget({ sessions: ["s1"], texts: ["password-bristle-cone"] }),
      "test",
    );
    assert.ok((r.removed["mind log"] ?? 0) >= 4, JSON.stringify(r.removed));
    assert.deepEqual(grep(mb.root, "quartz-lantern"), []);
    assert.deepEqual(grep(mb.root, "password-bristle-cone"), []);
    const d = mind.decisionContext();
    assert.deepEqual(d.thoughts, ["session two thinks of the harbour"]);
    assert.deepEqual(d.explored.paths, []);
  });
});
