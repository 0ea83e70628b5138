/**
 * The mind and the association graph (issue 26): every path or URL the mind explores — told by the agent
 * or fed from the hosts' tool events — touches the graph (seed 001's path and url neurons), and a decision
 * sees the graph's strongest associations beside its self-summary.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { mindBrain } from "./_support.ts";

describe("the mind and the association graph", () => {
  it("explored paths and URLs touch the graph, from the library and from tool events", (t) => {
    const mb = mindBrain(t);
    const file = join(mb.root, "src", "theme.ts");
    mb.brain.mind.explored(file, "the palette", { session: "s1" });
    mb.brain.mind.explored("https://example.org/contrast", "WCAG ratios");
    mb.brain.mind.feedToolEvents(
      [
        {
          at: "2026-05-01T10:00:00.000Z",
          host: "claude",
          cwd: mb.root,
          project: mb.root,
          tool: "Read",
          kind: "read",
          target: "docs/colors.md",
          outcome: "ok",
        },
      ],
      {},
    );
    const g = mb.brain.graph;
    for (const ref of [`p:${file}`, "u:https://example.org/contrast", `p:${join(mb.root, "docs/colors.md")}`])
      assert.ok(g.show(ref), `the graph has ${ref}`);
    mb.close();
  });

  it("a decision sees the graph's strongest neighbours of its goal; none while the graph knows nothing of it", (t) => {
    const mb = mindBrain(t);
    mb.brain.mind.goal.add("Ship dark mode");
    assert.deepEqual(mb.brain.mind.decisionContext().self.associations, []);
    mb.brain.graph.importHer(
      {
        "concept:dark mode": { kind: "concept", strength: 0.9 },
        "path:/srv/app/src/theme": { kind: "path", strength: 0.6 },
        "url:https://example.org/contrast": { kind: "url", strength: 0.4 },
      },
      {
        "concept:dark mode|path:/srv/app/src/theme": { weight: 0.7 },
        "concept:dark mode|url:https://example.org/contrast": { weight: 0.3 },
      },
    );
    const d = mb.brain.mind.decisionContext();
    assert.deepEqual(d.self.associations.slice(0, 2), ["/srv/app/src/theme", "https://example.org/contrast"]);
    assert.match(d.text, /Strongest associations: \/srv\/app\/src\/theme, https:\/\/example\.org\/contrast/);
    mb.close();
  });
});
