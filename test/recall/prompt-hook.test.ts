/**
 * What the per-prompt hook shows (src/recall/prompt-memories.ts; issue 24): nothing for a prompt that asks
 * nothing, nothing of another project unless the prompt names it, no credential said in passing, no text
 * that many turns share word for word.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { redactShown } from "../../src/recall/redact-shown.ts";
import { fc } from "../support/fc.ts";

const HERE = "/work/src/billing-api";
const OTHER = "/work/src/photo-blog";
let n = 0;
const turn = (session: string, speaker: string, text: string, day = 1) => ({
  session,
  turn: `t${n++}`,
  speaker,
  text,
  date: `2026-03-0${day}T10:00:00Z`,
});

let dir = "";
let brain: Brain;
before(async () => {
  dir = fs.mkdtempSync(join(tmpdir(), "brain-prompt-hook-"));
  brain = Brain.open({ path: join(dir, "brain.jsonl"), seedDefault: false, cwd: HERE });
  await brain.ingestTurns(
    [
      turn("b1", "user", "yes"),
      turn("b1", "user", "continue"),
      turn("b1", "user", "ok do it"),
      turn(
        "b1",
        "assistant",
        "The invoice worker retries failed Stripe webhooks three times with a 90 second backoff.",
      ),
      turn(
        "b1",
        "assistant",
        "For the smoke test the admin password for the staging box is tangerine-walrus-42.",
      ),
      turn("b1", "user", "Review the staged changes in this repository and list the risky files."),
      turn("b2", "user", "Review the staged changes in this repository and list the risky files.", 2),
    ],
    "test",
    { project: HERE },
  );
  await brain.ingestTurns(
    [
      turn(
        "p1",
        "assistant",
        "The thumbnail worker resizes uploads to 1600 pixels with sharp before the CDN.",
        3,
      ),
      turn("p1", "user", "yes", 3),
      turn("p2", "user", "CI uses node 22 but my laptop has 18, which node should I be on?", 4),
      turn(
        "p2",
        "assistant",
        "Pinned node 20.11 in .nvmrc and the engines field; CI reads the same file.",
        4,
      ),
      turn("p2", "user", "ok do it", 4),
    ],
    "test",
    { project: OTHER },
  );
});
after(() => {
  brain.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("prompt memories: prompts that ask nothing", () => {
  const CHATTER = [
    "yes",
    "ok",
    "okay",
    "continue",
    "go on",
    "do it",
    "sure",
    "thanks",
    "lgtm",
    "please",
    "sounds good",
    "perfect",
    "keep going",
    "next",
  ];
  it("property: any run of acknowledgements and go-aheads gets nothing, though such turns are stored", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CHATTER), { minLength: 1, maxLength: 4 }),
        fc.constantFrom("", "!", ".", ", thanks", "?"),
        fc.boolean(),
        (words, end, upper) => {
          const p = `${words.join(" ")}${end}`;
          const prompt = upper ? p.toUpperCase() : p;
          const m = brain.promptMemories(prompt, { cwd: HERE });
          assert.equal(m.text, "", `${prompt}\n${m.text}`);
        },
      ),
    );
  });

  it("a harness template (<command-name>…) gets nothing", () => {
    assert.equal(
      brain.promptMemories("<command-name>/review</command-name> invoice worker", { cwd: HERE }).text,
      "",
    );
  });

  it("a prompt with content still gets its memory", () => {
    const m = brain.promptMemories("how often does the invoice worker retry stripe webhooks?", { cwd: HERE });
    assert.match(m.text, /90 second backoff/, m.text);
  });
});

describe("prompt memories: another project", () => {
  const ASK = "how big does the thumbnail worker resize uploads?";
  it("is not shown to a prompt made in this project that does not name it", () => {
    const m = brain.promptMemories(ASK, { cwd: HERE });
    assert.equal(m.text, "", m.text);
  });
  it("is shown when the prompt names the project, however it is spaced", () => {
    for (const name of ["photo-blog", "photo blog", "photoblog"]) {
      const m = brain.promptMemories(`in ${name}, ${ASK}`, { cwd: HERE });
      assert.match(m.text, /1600 pixels/, `${name}\n${m.text}`);
    }
  });
  it("its name in the prompt says where to look, not what the memory must say", () => {
    const m = brain.promptMemories("which node version does photo-blog pin?", { cwd: HERE });
    assert.match(m.text, /Pinned node 20\.11/, m.text);
    assert.doesNotMatch(m.text, /ok do it/, "a turn that is only chatter is not a memory");
  });
  it("is shown in its own project", () => {
    assert.match(brain.promptMemories(ASK, { cwd: OTHER }).text, /1600 pixels/);
  });
});

describe("prompt memories: credentials and boilerplate", () => {
  it("a password said in passing does not come back, the rest of its turn does", () => {
    const m = brain.promptMemories("what is the admin password for the staging box?", { cwd: HERE });
    assert.doesNotMatch(m.text, /tangerine-walrus-42/, m.text);
    assert.match(m.text, /admin password for the staging box/, m.text);
  });
  it("text several turns hold word for word (a command template) is not shown", () => {
    const m = brain.promptMemories("review the staged changes, which files are risky?", { cwd: HERE });
    assert.doesNotMatch(m.text, /Review the staged changes in this repository/, m.text);
  });
});

describe("redactShown", () => {
  it("property: a value after a credential word goes, the sentence's other words stay", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("password", "admin password for the box", "API key", "token", "passphrase"),
        fc.constantFrom(" is ", ": ", " = ", " was "),
        fc.stringMatching(/^[a-z]{3,8}-[a-z]{3,8}-[0-9]{2,4}$/),
        (what, sep, value) => {
          const text = `For the smoke test the ${what}${sep}${value}. Rotate it next week.`;
          const shown = redactShown(text);
          assert.ok(!shown.includes(value), shown);
          assert.match(shown, /Rotate it next week/);
        },
      ),
    );
  });
  it("words after a credential word are not a credential", () => {
    for (const t of [
      "the password is the same as before",
      "the token was revoked yesterday",
      "api key: see the vault",
    ])
      assert.equal(redactShown(t), t);
  });
});
