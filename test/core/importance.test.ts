/**
 * Issue 11 step 4: `importance` (low | medium | high, seed 002) and `pinned` on learnings and preferences —
 * validated by the actions, counted in the score, high/pinned never decay; short ids that update/remove take.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { plan } from "../../src/core/actions.ts";
import { foldEntries } from "../../src/core/fold.ts";
import { rankLearnings } from "../../src/core/rank-learnings.ts";
import { scoreRec } from "../../src/core/score.ts";
import { Brain } from "../../src/engine/brain.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import { daysAgo, learning, makeEnv, NOW, run, throwsBrain } from "../support/action-env.ts";
import { fc } from "../support/fc.ts";

describe("importance and pinned: validation", () => {
  test("add accepts low/medium/high and pinned true/false on learnings and preferences", async () => {
    const brain = Brain.open({ store: new MemoryStore(""), seedDefault: false, now: () => NOW });
    const r = await brain.act({
      action: "add",
      type: "learning",
      text: "A",
      importance: "high",
      pinned: "true",
    });
    assert.equal(r.ok, true, JSON.stringify(r));
    const id = (r.data as { id: string }).id;
    assert.deepEqual(
      [brain.state.find(id)?.entry.importance, brain.state.find(id)?.entry.pinned],
      ["high", true],
      "the CLI's string true is stored as a boolean",
    );
    const p = await brain.act({
      action: "add",
      type: "preference",
      category: "Code",
      text: "B",
      importance: "low",
    });
    assert.equal(p.ok, true, JSON.stringify(p));
  });

  test("a wrong importance or pinned is refused with the field named", () => {
    throwsBrain(
      () => plan({ action: "add", type: "learning", text: "x", importance: "urgent" }, makeEnv()),
      "INVALID",
      'learning field "importance" must be one of: low, medium, high (got "urgent")',
    );
    throwsBrain(
      () =>
        plan({ action: "add", type: "preference", category: "Code", text: "x", pinned: "yes" }, makeEnv()),
      "INVALID",
      /preference field "pinned"/,
    );
    const env = makeEnv([learning("a1b2c3d4", "t")]);
    throwsBrain(
      () => run(env, { action: "update", id: "a1b2c3d4", importance: "huge" }),
      "INVALID",
      /importance/,
    );
  });
});

describe("importance in the score and in decay", () => {
  const state = foldEntries([
    learning("a0000001", "medium, new", { created: daysAgo(0) }),
    learning("a0000002", "high, three weeks old", { created: daysAgo(21), importance: "high" }),
    learning("a0000003", "low, new", { created: daysAgo(0), importance: "low" }),
  ]);
  const score = (id: string, rho = false) => scoreRec(state.find(id)!, "/x", NOW.getTime(), undefined, rho);

  test("high is worth three weeks of recency, low takes three points; Rho's score leaves both out", () => {
    assert.deepEqual([score("a0000001"), score("a0000002"), score("a0000003")], [10, 10, 7]);
    assert.deepEqual(
      [score("a0000001", true), score("a0000002", true), score("a0000003", true)],
      [10, 7, 10],
    );
    const order = [...rankLearnings(state.list("learning"), "/x", NOW.getTime())].map((i) => i.entryIds[0]);
    assert.deepEqual(order, ["a0000001", "a0000002", "a0000003"]);
  });

  test("decay: high and pinned never decay, medium and low do", () => {
    const env = makeEnv([
      learning("d0000001", "old medium", { created: daysAgo(200) }),
      learning("d0000002", "old high", { created: daysAgo(200), importance: "high" }),
      learning("d0000003", "old pinned", { created: daysAgo(200), pinned: true }),
      learning("d0000004", "old low", { created: daysAgo(200), importance: "low" }),
    ]);
    const p = run(env, { action: "decay" });
    assert.deepEqual((p.result.data as { decayed: string[] }).decayed.sort(), ["d0000001", "d0000004"]);
  });
});

describe("short ids: update and remove take a unique prefix", () => {
  test("a unique prefix of 4+ characters resolves; an ambiguous one is an error listing the ids", () => {
    const env = makeEnv([
      learning("a1b2c3d4", "one"),
      learning("a1b2ffff", "two"),
      learning("c0ffee00", "three"),
    ]);
    assert.equal(env.state.shortIds().short("c0ffee00"), "c0ff");
    assert.equal(env.state.shortIds().short("a1b2c3d4"), "a1b2c");
    const u = run(env, { action: "update", id: "c0ff", text: "three, fixed" });
    assert.equal(u.result.message, "Updated learning c0ffee00");
    assert.equal(env.state.find("c0ffee00")?.entry.text, "three, fixed");
    throwsBrain(
      () => run(env, { action: "remove", id: "a1b2" }),
      "INVALID",
      'id "a1b2" is ambiguous: it starts 2 ids (a1b2c3d4 (learning: one), a1b2ffff (learning: two)); give more characters',
    );
    const r = run(env, { action: "remove", id: "a1b2f" });
    assert.equal((r.result.data as { id: string }).id, "a1b2ffff");
    throwsBrain(() => run(env, { action: "remove", id: "a1b" }), "NOT_FOUND", 'No entry with id "a1b"');
    throwsBrain(
      () => run(env, { action: "update", id: "ffff", text: "x" }),
      "NOT_FOUND",
      'No entry with id "ffff"',
    );
  });

  test("an exact id wins over a longer id it is a prefix of; short forms follow the live state", () => {
    const env = makeEnv([learning("abcd1234", "short"), learning("abcd12345", "long")]);
    assert.equal(env.state.shortIds().short("abcd1234"), "abcd1234");
    assert.equal(env.state.shortIds().short("abcd12345"), "abcd12345");
    assert.equal(
      run(env, { action: "update", id: "abcd1234", text: "s2" }).result.message,
      "Updated learning abcd1234",
    );
    run(env, { action: "remove", id: "abcd12345" });
    assert.equal(
      env.state.shortIds().short("abcd1234"),
      "abcd",
      "the prefix shortens once the other id is gone",
    );
  });
});

describe("short ids: property", () => {
  test("every live id's short form resolves back to it, whatever ids share prefixes", () => {
    // Ids from a small alphabet so prefixes collide often; some not hex, some shorter than 4.
    const idArb = fc.stringMatching(/^[ab0-9x]{2,9}$/);
    fc.assert(
      fc.property(fc.uniqueArray(idArb, { minLength: 1, maxLength: 60 }), (ids) => {
        const env = makeEnv(ids.map((id) => learning(id, `text ${id}`)));
        const short = env.state.shortIds();
        for (const id of ids) {
          const s = short.short(id);
          assert.ok(id.startsWith(s) && (s.length >= 4 || s === id), `${id} → ${s}`);
          assert.equal(env.state.resolve(s).id, id, `${s} must name ${id} among ${ids.join(",")}`);
        }
      }),
    );
  });
});
