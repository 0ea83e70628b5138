/**
 * Brain files that work (issue 13): the always-loaded files (SOUL.md, USER.md, AGENTS.md) have their own
 * allowance next to the memory budget, so seed 004's realistic sizes arrive in full at the default budget;
 * a file too large is cut visibly (a marker naming it, a line in --explain, fileCuts in JSON, a doctor
 * warning); entries without their text are left out of the context and reported by doctor; a skill loads
 * by name. Built CLI, real files.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { brainOk, freshSandbox, json, type Sandbox } from "../support/cli.ts";

/** A Markdown file of about `kb` KB: numbered lines, so what is kept is checkable. */
function file(name: string, kb: number): string {
  const lines = [`# ${name}`, ""];
  for (let i = 1; lines.join("\n").length < kb * 1024; i++)
    lines.push(`${name} line ${i}: a rule worth keeping.`);
  return `${lines.join("\n")}\n`;
}

function writeFiles(sb: Sandbox, files: Record<string, string>): void {
  const dir = dirname(sb.brainPath);
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(join(dir, name), text);
}

test("seed 004's realistic core files arrive in full at the default budget, memories too", async (t) => {
  const sb = freshSandbox(t);
  const files = {
    "SOUL.md": file("SOUL", 17),
    "USER.md": file("USER", 11),
    "AGENTS.md": file("AGENTS", 7.5),
  };
  writeFiles(sb, files);
  await brainOk(sb, ["add", "type=learning", "text=The staging cluster is called kite"]);
  for (const args of [["context"], ["context", "--recover"]]) {
    const out = (await brainOk(sb, args)).stdout;
    for (const [name, text] of Object.entries(files)) {
      const last = text.trimEnd().split("\n").at(-1) as string;
      assert.ok(out.includes(last), `${args.join(" ")}: ${name} was cut`);
    }
    assert.match(out, /kite/, `${args.join(" ")}: the memories lost their budget`);
    assert.doesNotMatch(out, /left out/);
  }
  const doctor = (await brainOk(sb, ["doctor"])).stdout;
  assert.match(
    doctor,
    /always-loaded brain files: \d+ tokens of 10000 \(AGENTS\.md \d+, SOUL\.md \d+, USER\.md \d+\)/,
  );
  assert.doesNotMatch(doctor, /warning: they exceed/);
});

test("a core file over the allowance is cut visibly: marker, --explain, JSON and a doctor warning", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init", "--empty"]);
  writeFiles(sb, { "SOUL.md": file("SOUL", 60), "USER.md": file("USER", 2) });
  const out = (await brainOk(sb, ["context"])).stdout;
  assert.match(out, /## USER\.md\n# USER\n/);
  assert.match(
    out,
    /\n\(…\d+ more lines of SOUL\.md left out by the budget; load_brain_file SOUL\.md reads it all\)\n/,
  );
  const explain = (await brainOk(sb, ["context", "--explain"])).stdout;
  assert.match(
    explain,
    /^budget 2000 tokens \+ 10000 for brain files, used \d+\nfile {2}SOUL\.md: cut to \d+ of \d+ lines/,
  );
  const j = json<{ tokens: number; budget: number; fileBudget: number; fileCuts: { file: string }[] }>(
    await brainOk(sb, ["context", "--format", "json"]),
  );
  assert.deepEqual(
    j.fileCuts.map((c) => c.file),
    ["SOUL.md"],
  );
  assert.ok(j.tokens <= j.budget + j.fileBudget, `${j.tokens} tokens`);
  const doctor = await brainOk(sb, ["doctor"]);
  assert.match(doctor.stdout, /warning: they exceed the allowance by \d+ tokens: the context cuts them/);
  // A file that does not fit at all still says so.
  fs.mkdirSync(join(sb.home, ".rho"), { recursive: true });
  fs.writeFileSync(join(sb.home, ".rho", "config.json"), JSON.stringify({ brainFileBudget: 40 }));
  const tiny = (await brainOk(sb, ["context"])).stdout;
  assert.match(
    tiny,
    /## (SOUL|USER)\.md\n\(left out: its \d+ lines do not fit the budget; load_brain_file (SOUL|USER)\.md reads it\)/,
  );
});

test("entries without their text are left out of the context and reported by doctor", async (t) => {
  const sb = freshSandbox(t);
  fs.mkdirSync(dirname(sb.brainPath), { recursive: true });
  const c = "2026-01-01T00:00:00Z";
  const lines = [
    { id: "l0000001", type: "learning", created: c },
    { id: "l0000002", type: "learning", text: " ", created: c },
    { id: "p0000001", type: "preference", category: "Code", created: c },
    { id: "b0000099", type: "behavior", category: "do", created: c },
    { id: "t0000001", type: "task", status: "pending", priority: "normal", created: c },
    { id: "u0000001", type: "user", key: "tz", created: c },
    { id: "l0000003", type: "learning", text: "a real learning", created: c },
  ];
  fs.writeFileSync(sb.brainPath, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  const out = (await brainOk(sb, ["context"])).stdout;
  assert.match(out, /- a real learning/);
  assert.doesNotMatch(out, /^- (\[Code\] |Do: |tz: )?$/m, `an empty bullet:\n${out}`);
  assert.doesNotMatch(out, /undefined/);
  const doctor = await brainOk(sb, ["doctor"]);
  assert.match(
    doctor.stdout,
    /entries without their text: 6 \(left out of the context; fix or remove them\)\n {2}line 1: learning l0000001 has no text\n {2}line 2: learning l0000002 has no text/,
  );
  assert.match(doctor.stdout, /line 6: user u0000001 has no value/);
});

test("a skill loads by name (brain file NAME), a user skill before the built-in one", async (t) => {
  const sb = freshSandbox(t);
  await brainOk(sb, ["init", "--empty"]);
  const builtin = (await brainOk(sb, ["file", "memory-consolidate"])).stdout;
  assert.match(builtin, /brain consolidate|brain decay/);
  assert.doesNotMatch(builtin, /^---/);
  writeFiles(sb, {});
  const mine = join(dirname(sb.brainPath), "skills", "memory-consolidate");
  fs.mkdirSync(mine, { recursive: true });
  fs.writeFileSync(
    join(mine, "SKILL.md"),
    "---\nname: memory-consolidate\ndescription: mine\n---\nMy own steps.\n",
  );
  assert.equal((await brainOk(sb, ["file", "memory-consolidate"])).stdout, "My own steps.\n");
});
