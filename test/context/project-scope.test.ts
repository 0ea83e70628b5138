/**
 * Project scope does what the words say (issue 25 §1): a `scope: "project"` memory applies only in its project
 * (its projectPath or a directory inside it, whole segments) — in the context with and without a query, pinned
 * or not, in the prompt's memories and in search — and `scope=project` without a projectPath records the
 * repository root of the working directory. The rule is core/scope.ts; this checks it through the engine's
 * surfaces (property) and through the built CLI and the prompt hook (the case the issue reported).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { isInside } from "../../src/core/inside.ts";
import type { BaseEntry } from "../../src/core/types.ts";
import { Brain } from "../../src/engine/brain.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import { brainOk, freshSandbox, json, readLines } from "../support/cli.ts";
import { fc } from "../support/fc.ts";
import { daysAgo, now } from "./_fixtures.ts";

/** Directories that nest and share prefixes (`/r/a` holds `/r/a/b`, not `/r/ab`). */
const DIRS = ["/r", "/r/a", "/r/a/b", "/r/ab", "/r/c", "/elsewhere"];
const WORDS = ["kite", "lynx", "orca", "puma", "wren", "yak"];

test("a project-scoped memory is in a context, a prompt's memories and search only inside its project (property)", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          dir: fc.option(fc.constantFrom(...DIRS), { nil: undefined }),
          pinned: fc.boolean(),
        }),
        { minLength: 1, maxLength: WORDS.length },
      ),
      fc.constantFrom(...DIRS, "/r/a/b/deep", "/r/abc"),
      (specs, cwd) => {
        const entries: BaseEntry[] = specs.map((s, i) => ({
          id: `5c0be${i.toString(16).padStart(3, "0")}`,
          type: "learning",
          text: `The ${WORDS[i]} service deploys on fridays`,
          ...(s.dir ? { scope: "project", projectPath: s.dir } : {}),
          ...(s.pinned ? { pinned: true } : {}),
          created: daysAgo(i),
        }));
        const store = new MemoryStore(`${entries.map((e) => JSON.stringify(e)).join("\n")}\n`);
        const brain = Brain.open({ store, seedDefault: false, now, cwd });
        const plain = brain.context({ cwd, budget: 4000 }).text;
        const queried = brain.context({ cwd, budget: 4000, query: "which service deploys on fridays" }).text;
        specs.forEach((s, i) => {
          const word = WORDS[i] as string;
          const applies = !s.dir || isInside(cwd, s.dir);
          const why = `${word} scoped to ${s.dir ?? "(global)"}, cwd ${cwd}`;
          assert.equal(plain.includes(word), applies, `context: ${why}\n${plain}`);
          assert.equal(queried.includes(word), applies, `context with a query: ${why}\n${queried}`);
          const prompt = brain.promptMemories(`does the ${word} service deploy on fridays?`, { cwd }).text;
          assert.equal(prompt.includes(word), applies, `prompt memories: ${why}\n${prompt}`);
          const hits = brain.search(word, { cwd }).hits.map((h) => h.text);
          assert.equal(
            hits.some((t) => t.includes(word)),
            applies,
            `search: ${why}`,
          );
        });
      },
    ),
    { numRuns: 60 },
  );
});

test("CLI: a learning scoped to proj2 is not in proj3's context nor its prompt hook; scope=project records the repo root", async (t) => {
  const sb = freshSandbox(t);
  const repo = (name: string) => {
    const dir = join(sb.dir, name);
    fs.mkdirSync(join(dir, ".git"), { recursive: true });
    fs.mkdirSync(join(dir, "src"), { recursive: true });
    return fs.realpathSync(dir);
  };
  const [proj2, proj3] = [repo("proj2"), repo("proj3")];
  await brainOk(sb, ["init", "--empty"]);
  await brainOk(sb, [
    "add",
    "type=learning",
    "text=The staging database is called heron",
    "scope=project",
    `projectPath=${proj2}`,
  ]);
  const inProj3 = (await brainOk(sb, ["--cwd", proj3, "context"])).stdout;
  assert.doesNotMatch(inProj3, /heron/, "proj2's learning in proj3's context");
  assert.match((await brainOk(sb, ["--cwd", join(proj2, "src"), "context"])).stdout, /heron/);
  const hook = (cwd: string) =>
    brainOk(sb, ["hook", "user-prompt-submit"], {
      stdin: JSON.stringify({ prompt: "what is the staging database called heron?", cwd, session_id: "s1" }),
      env: { BRAIN_SERVE_AUTOSTART: "0" },
    });
  assert.doesNotMatch((await hook(proj3)).stdout, /heron/, "proj2's learning beside a prompt in proj3");
  assert.match((await hook(proj2)).stdout, /heron/);

  // No projectPath given: the repository root of the working directory (here from a subdirectory).
  const added = json<{ data: { id: string } }>(
    await brainOk(sb, ["--json", "add", "type=learning", "text=Run the linter with --fix", "scope=project"], {
      cwd: join(proj3, "src"),
    }),
  );
  const stored = readLines(sb.brainPath).find((l) => l.id === added.data.id);
  assert.equal(stored?.projectPath, proj3);
  assert.match((await brainOk(sb, ["--cwd", proj3, "context"])).stdout, /linter/);
  assert.doesNotMatch((await brainOk(sb, ["--cwd", proj2, "context"])).stdout, /linter/);
});
