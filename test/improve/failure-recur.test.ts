/**
 * A failure that comes back rarely comes back word for word (bench/mistakes.ts, the tune part): the same
 * program runs with other arguments (`npm install zod` after `npm install`, `pytest tests/dedup` after
 * `pytest tests/features`, `ansible-playbook deploy.yml --tags certs`), and a Python error is a traceback
 * whose telling line is its last one (`AttributeError: …`), not the `Traceback`/`File …` lines above it.
 * As properties (fast-check, seeded: test/support/fc.ts).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  errorSignature,
  normaliseCommand,
  SAME_FAILURE,
  similarity,
} from "../../src/core/failure-signature.ts";
import type { FeedbackRecord } from "../../src/core/feedback.ts";
import { emptyIndex, foldFailures } from "../../src/improve/failure-fold.ts";
import { failureHint, matchFailure } from "../../src/improve/failure-lookup.ts";
import { fc } from "../support/fc.ts";

const word = fc.stringMatching(/^[a-z][a-z0-9_]{1,7}$/);
const line = fc.integer({ min: 1, max: 999 });
const EXCEPTIONS = [
  ["AttributeError", "module 'openai' has no attribute 'ChatCompletion'"],
  ["KeyError", "'WANDB_PROJECT'"],
  ["ModuleNotFoundError", "No module named 'pipeline'"],
  ["ValueError", "invalid literal for int() with base 10"],
  [
    "pydantic.errors.PydanticImportError",
    "`BaseSettings` has been moved to the `pydantic-settings` package.",
  ],
] as const;

const traceback = (file: string, n: number, code: string, exc: readonly [string, string]) =>
  `Traceback (most recent call last):\n  File "/home/sam/src/${file}.py", line ${n}, in <module>\n    ${code}\n${exc[0]}: ${exc[1]}`;

describe("a Python traceback's signature", () => {
  it("is its exception: the same exception from other code is the same failure, another exception is not", () => {
    fc.assert(
      fc.property(
        fc.tuple(word, line, fc.array(word, { minLength: 1, maxLength: 4 })),
        fc.tuple(word, line, fc.array(word, { minLength: 1, maxLength: 4 })),
        fc.nat({ max: EXCEPTIONS.length - 1 }),
        fc.nat({ max: EXCEPTIONS.length - 2 }),
        ([f1, n1, c1], [f2, n2, c2], i, d) => {
          const a = EXCEPTIONS[i] as readonly [string, string];
          const b = EXCEPTIONS[(i + 1 + d) % EXCEPTIONS.length] as readonly [string, string];
          const x = errorSignature(traceback(f1, n1, `out = ${c1.join(".")}()`, a));
          assert.equal(x, errorSignature(traceback(f2, n2, `res = ${c2.join(".")}(m)`, a)));
          const y = errorSignature(traceback(f1, n1, `out = ${c1.join(".")}()`, b));
          assert.ok(similarity(x, y) < SAME_FAILURE, `${x} ~ ${y}`);
        },
      ),
    );
  });
});

/** A failure of `prog first…` in a session, then the call that fixed it. */
function learned(prog: string, first: string, error: string, fix: string, project: string): FeedbackRecord[] {
  const base = { kind: "tool" as const, tool: "Bash", project, session: "s1", toolKind: "command" as const };
  return [
    {
      ...base,
      at: "2026-03-01T10:00:00.000Z",
      outcome: "error",
      target: `${prog} ${first}`,
      cmd: normaliseCommand(`${prog} ${first}`),
      error,
      sig: errorSignature(error),
    },
    { ...base, at: "2026-03-01T10:01:00.000Z", outcome: "ok", target: fix, cmd: normaliseCommand(fix) },
  ];
}

describe("the same program failing the same way with other arguments", () => {
  const prog = fc.constantFrom("npm", "pytest", "ansible-playbook", "python", "yarn");
  const args = fc.array(word, { minLength: 0, maxLength: 3 }).map((ws) => ws.join(" "));
  const err = fc.constantFrom(
    'npm ERR! code EUNSUPPORTEDPROTOCOL\nnpm ERR! Unsupported URL Type "workspace:": workspace:*',
    "fatal: [gw-01]: UNREACHABLE! => Failed to connect to the host via ssh: root@gw-01: Permission denied (publickey).",
    "error: externally-managed-environment\n× This environment is externally managed",
  );
  it("gets the earlier fix in the same project; not in another, not for another error", () => {
    fc.assert(
      fc.property(prog, args, args, err, line, (p, a1, a2, e, n) => {
        const index = foldFailures(emptyIndex(), learned(p, a1, e, `${p} ${a1} --fixed`, "/a"));
        const again = e.replace(/01/g, String(n).padStart(2, "0"));
        const call = { tool: "Bash", kind: "command", target: `${p} ${a2}`, error: again, project: "/a" };
        const found = matchFailure(index, call);
        assert.equal(found.length, 1, JSON.stringify(index.entries));
        assert.match(failureHint(found, call), /--fixed/);
        assert.equal(matchFailure(index, { ...call, project: "/b" }).length, a1 === a2 ? 1 : 0);
        const other = { ...call, error: "TypeError: cannot read properties of undefined (reading 'map')" };
        assert.equal(matchFailure(index, other).length, 0);
        assert.equal(matchFailure(index, { ...call, target: `make ${a2}` }).length, 0);
      }),
    );
  });
});
