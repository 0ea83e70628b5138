/**
 * The mind fed from the one tool-event log, without a model: reads, edits and searches → explored paths,
 * fetches → explored URLs, a failing call → the last error (cleared when the same call later succeeds), the
 * host's todo list → the plan and its step. Through the learner's cursor over a real log on disk: each event
 * is fed once, a replaced log is read from its start, the cursor file holds no text of the calls.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  applyTaskChange,
  formatTaskChange,
  type HostTask,
  parseTaskChange,
  type TaskChange,
  taskChangeOf,
} from "../../src/core/task-list.ts";
import { formatTodos, parseTodos, type TodoStatus, todosOf } from "../../src/core/todo.ts";
import type { ToolEvent } from "../../src/core/tool-event.ts";
import { toolEventOf } from "../../src/hooks/tool-event.ts";
import { feedMindFromTools, feedUserTurn } from "../../src/learn/mind-feed.ts";
import { toolEventLog } from "../../src/store/tool-event-log.ts";
import { fc } from "../support/fc.ts";
import { mindBrain } from "./_support.ts";

let clock = Date.parse("2026-05-02T09:00:00.000Z");
function ev(
  root: string,
  tool: string,
  kind: ToolEvent["kind"],
  target: string,
  more: Partial<ToolEvent> = {},
) {
  clock += 1000;
  return {
    at: new Date(clock).toISOString(),
    host: "claude",
    session: "s1",
    cwd: root,
    project: root,
    tool,
    kind,
    target,
    outcome: "ok",
    ...more,
  } as ToolEvent;
}

const todoList = (items: [string, string][]) =>
  formatTodos(todosOf({ todos: items.map(([content, status]) => ({ content, status })) }) ?? []);

describe("the todo list as the tool-event log keeps it", () => {
  it("formats and parses back every item and status (texts on one line)", () => {
    const status = fc.constantFrom<TodoStatus>("done", "doing", "todo", "dropped");
    const text = fc.string({ minLength: 1, maxLength: 40 }).map((s) => s.replace(/\s+/g, " ").trim() || "x");
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ text, status }).map((x) => ({ ...x })),
          { maxLength: 12 },
        ),
        (todos) => {
          assert.deepEqual(parseTodos(formatTodos(todos)), todos);
        },
      ),
    );
  });

  it("reads Claude Code's TodoWrite and Codex's update_plan, and the hook records it as compact lines", () => {
    const claude = { todos: [{ content: "Write the test", status: "completed", activeForm: "Writing" }] };
    assert.deepEqual(todosOf(claude), [{ text: "Write the test", status: "done" }]);
    const codex = {
      plan: [
        { step: "Fix the bug", status: "in_progress" },
        { step: "Ship", status: "pending" },
      ],
    };
    assert.deepEqual(todosOf(codex), [
      { text: "Fix the bug", status: "doing" },
      { text: "Ship", status: "todo" },
    ]);
    assert.equal(todosOf({ command: "ls" }), undefined);
    const e = toolEventOf(
      { tool: "TodoWrite", input: codex, outcome: "ok" },
      { host: "claude", cwd: "/r", project: "/r", at: new Date(0) },
      { toolTargetChars: 2000, toolErrorChars: 400 },
    );
    assert.equal(e.target, "[>] Fix the bug\n[ ] Ship");
  });
});

describe("the mind fed from tool events", () => {
  it("explores paths and URLs, sets the last error and clears it when the same call succeeds, plans from todos", (t) => {
    const mb = mindBrain(t);
    const r = mb.root;
    const memo = {};
    const fed = mb.brain.mind.feedToolEvents(
      [
        ev(r, "Read", "read", "src/a.ts"),
        ev(r, "Grep", "search", "TODO in src"),
        ev(r, "WebFetch", "fetch", "https://example.com/doc"),
        ev(r, "Bash", "command", "npm test", { outcome: "error", exit: 1, error: "1 failing" }),
        ev(
          r,
          "TodoWrite",
          "other",
          todoList([
            ["Read the code", "completed"],
            ["Fix the test", "in_progress"],
            ["Ship", "pending"],
          ]),
        ),
      ],
      memo,
    );
    assert.ok(fed > 0);
    let s = mb.brain.mind.state();
    assert.deepEqual([...s.exploredPaths.keys()], [join(r, "src/a.ts"), join(r, "src")]);
    assert.equal(s.exploredPaths.get(join(r, "src"))?.summary, "searched: TODO");
    assert.deepEqual([...s.exploredUrls.keys()], ["https://example.com/doc"]);
    assert.equal(s.lastError, "Bash npm test: 1 failing");
    assert.deepEqual(s.plan?.steps, ["Read the code", "Fix the test", "Ship"]);
    assert.equal(s.plan?.current, 1);
    // Another call succeeding keeps the error; the same call succeeding clears it.
    mb.brain.mind.feedToolEvents([ev(r, "Bash", "command", "ls")], memo);
    assert.equal(mb.brain.mind.state().lastError, "Bash npm test: 1 failing");
    mb.brain.mind.feedToolEvents([ev(r, "Bash", "command", "npm test")], memo);
    s = mb.brain.mind.state();
    assert.equal(s.lastError, "");
    // The same todo list again writes no plan record; nothing new writes nothing at all.
    const before = mb.lines().length;
    const again = todoList([
      ["Read the code", "completed"],
      ["Fix the test", "in_progress"],
      ["Ship", "pending"],
    ]);
    assert.equal(mb.brain.mind.feedToolEvents([ev(r, "TodoWrite", "other", again)], memo), 0);
    assert.equal(mb.lines().length, before);
    mb.close();
  });

  it("a todo list longer than the plan keeps a window that holds the step it is at", (t) => {
    const mb = mindBrain(t, { caps: { planSteps: 3 } });
    const status = ["completed", "in_progress", "pending"] as const;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...status), { minLength: 1, maxLength: 9 }), (sts) => {
        const items = sts.map((st, i): [string, string] => [`step ${i} ${sts.join("")}`, st]);
        mb.brain.mind.feedToolEvents([ev(mb.root, "TodoWrite", "other", todoList(items))], {});
        const p = mb.brain.mind.state().plan;
        assert.ok(p && p.steps.length <= 3 && p.steps.length > 0);
        const at = sts.findIndex((x) => x !== "completed");
        if (at < 0) assert.equal(p.current, p.steps.length, "all done: the plan is at its end");
        else assert.equal(p.steps[p.current], items[at]?.[0], "the window holds the step the list is at");
      }),
      { numRuns: 40 },
    );
    mb.close();
  });
});

describe("Claude Code 2.1's task list (TaskCreate, TaskUpdate) as the plan", () => {
  const change = fc.record(
    {
      id: fc.constantFrom("1", "2", "3", "4", "5"),
      status: fc.constantFrom("todo", "doing", "done", "deleted" as const),
      text: fc.constantFrom("Read it", "Fix [x] it", "#2 test", "Ship"),
    },
    { requiredKeys: ["id"] },
  ) as fc.Arbitrary<TaskChange>;

  it("a change formats to one line and parses back", () => {
    fc.assert(
      fc.property(change, (c) => assert.deepEqual(parseTaskChange(formatTaskChange(c)), { ...c })),
      { numRuns: 200 },
    );
    assert.deepEqual(taskChangeOf("TaskCreate", { subject: "Fix" }, { task: { id: "7", subject: "Fix" } }), {
      id: "7",
      status: "todo",
      text: "Fix",
    });
    assert.deepEqual(taskChangeOf("TaskUpdate", { taskId: "7", status: "in_progress" }), {
      id: "7",
      status: "doing",
    });
  });

  it("any changes, fed in any batches: the plan's tasks are the changes applied in order, per session", (t) => {
    const mb = mindBrain(t, { caps: { planSteps: 2 } });
    let session = 0;
    fc.assert(
      fc.property(
        fc.array(fc.array(change, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (batches) => {
          const s = `s${++session}`; // a new session's list starts empty
          let model: HostTask[] = [];
          for (const batch of batches) {
            mb.brain.mind.feedToolEvents(
              batch.map((c) => ev(mb.root, "TaskUpdate", "other", formatTaskChange(c), { session: s })),
              {},
            );
            for (const c of batch) model = applyTaskChange(model, c, 2 * 5);
            const p = mb.brain.mind.state().plan;
            assert.deepEqual(p?.tasks, model);
            const at = model.findIndex((x) => x.status === "todo" || x.status === "doing");
            if (at >= 0)
              assert.equal(p?.steps[p.current], model[at]?.text, "the step is the first open task");
            assert.ok((p?.steps.length ?? 0) <= 2);
          }
        },
      ),
      { numRuns: 60 },
    );
    mb.close();
  });
});

describe("the learner's feed over the tool-event log on disk", () => {
  it("feeds each event once, keeps the failed call across runs as a hash, reads a replaced log again", async (t) => {
    const mb = mindBrain(t);
    const log = toolEventLog(mb.home);
    const open = async () => mb.brain;
    log.append([
      ev(mb.root, "Read", "read", "notes/plan.md"),
      ev(mb.root, "Bash", "command", "make secret-target", { outcome: "error", error: "boom" }),
    ]);
    assert.ok((await feedMindFromTools(mb.home, open)) > 0);
    assert.equal(mb.brain.mind.state().lastError, "Bash make secret-target: boom");
    const n = mb.lines().length;
    assert.equal(await feedMindFromTools(mb.home, open), 0, "nothing new: nothing written");
    assert.equal(mb.lines().length, n);
    const cursor = fs.readFileSync(mb.home.file("mindFeed"), "utf8");
    assert.ok(!cursor.includes("secret-target") && !cursor.includes("Bash"), cursor);
    // The next run sees the same call succeed: the error the previous run set is cleared.
    log.append([ev(mb.root, "Bash", "command", "make secret-target")]);
    assert.equal(await feedMindFromTools(mb.home, open), 1);
    assert.equal(mb.brain.mind.state().lastError, "");
    // A replaced log (a new generation) is read from its start.
    fs.rmSync(mb.home.file("toolEvents"));
    fs.rmSync(mb.home.file("toolEvents") + ".lock", { force: true });
    toolEventLog(mb.home).append([ev(mb.root, "Read", "read", "docs/new.md")]);
    assert.ok((await feedMindFromTools(mb.home, open)) > 0);
    assert.ok(mb.brain.mind.state().exploredPaths.has(join(mb.root, "docs/new.md")));
    mb.close();
  });

  it("the user's last turn of a transcript becomes the last user message", (t) => {
    const mb = mindBrain(t);
    const turn = (speaker: string, text: string) => ({ speaker, role: speaker, text }) as never;
    feedUserTurn(
      mb.brain,
      [turn("user", "first"), turn("user", "please fix the flaky test"), turn("assistant", "ok")],
      "claude",
      "s1",
    );
    assert.equal(mb.brain.mind.state().lastUserMessage, "please fix the flaky test");
    mb.close();
  });
});
