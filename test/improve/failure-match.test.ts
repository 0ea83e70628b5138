/**
 * What makes a failure "the same one again", as properties (fast-check, seeded: test/support/fc.ts):
 * the error signature ignores what changes between runs (numbers, paths, ids, URLs), the normalised command
 * ignores set-up (env assignments, sudo -u, cd … &&), a match is never another tool's or command's, a hint
 * stays within its size, and folding the ledger in pieces gives the index folding it at once does (the
 * index is folded incrementally after every turn).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { errorSignature, normaliseCommand } from "../../src/core/failure-signature.ts";
import type { FeedbackRecord } from "../../src/core/feedback.ts";
import { emptyIndex, foldFailures } from "../../src/improve/failure-fold.ts";
import { FAILURE_HINT_HEADER, failureHint, matchFailure } from "../../src/improve/failure-lookup.ts";
import { fc } from "../support/fc.ts";

const word = fc.stringMatching(/^[a-z][a-z0-9]{1,7}$/);
const num = fc.integer({ min: 0, max: 99999 });
const hex = fc.stringMatching(/^[0-9a-f]{12}$/);
const path = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => `/${ws.join("/")}.ts`);

describe("failure signatures", () => {
  it("an error's signature ignores numbers, paths, hex ids and URLs", () => {
    fc.assert(
      fc.property(
        fc.tuple(num, path, hex, word),
        fc.tuple(num, path, hex, word),
        ([n1, p1, h1, u1], [n2, p2, h2, u2]) => {
          const err = (n: number, p: string, h: string, u: string) =>
            `Error: ENOENT: no such file ${p} (line ${n}) in build ${h}\nsee https://example.com/${u}?id=${n}`;
          assert.equal(errorSignature(err(n1, p1, h1, u1)), errorSignature(err(n2, p2, h2, u2)));
        },
      ),
    );
  });

  it("a command's normalised head ignores env assignments, sudo -u and a cd before it", () => {
    const setup = fc.constantFrom(
      "",
      "CI=1 ",
      "sudo -u deploy ",
      "NODE_ENV=test FOO=bar ",
      "cd /srv/app && ",
    );
    fc.assert(
      fc.property(setup, fc.array(word, { minLength: 1, maxLength: 5 }), (pre, ws) => {
        const cmd = ws.join(" ");
        assert.equal(normaliseCommand(`${pre}${cmd}`), normaliseCommand(cmd));
        assert.equal(normaliseCommand(cmd), ws.slice(0, 3).join(" "));
      }),
    );
  });
});

/** A session's tool records: failures of generated commands and errors, each maybe followed by a fix. */
const sessionRecords = fc
  .array(
    fc.record({
      tool: fc.constantFrom("Bash", "Edit"),
      cmd: fc.constantFrom("npm test", "pnpm build", "make deploy", "cargo check"),
      err: fc.constantFrom(
        "ENOTCACHED request failed",
        "permission denied",
        "unknown flag --run",
        "missing script",
      ),
      fix: fc.option(
        fc.constantFrom("npm test --prefer-online", "pnpm build --filter app", "sudo make deploy"),
      ),
      project: fc.constantFrom("/a", "/b"),
      session: fc.constantFrom("s1", "s2", "s3"),
    }),
    { maxLength: 30 },
  )
  .map((xs) => {
    const out: FeedbackRecord[] = [];
    let minute = 0;
    const at = () => new Date(Date.UTC(2026, 2, 1, 10, minute++)).toISOString();
    for (const x of xs) {
      const base = { kind: "tool" as const, tool: x.tool, project: x.project, session: x.session };
      const cmd = x.tool === "Bash" ? normaliseCommand(x.cmd) : "";
      out.push({
        ...base,
        at: at(),
        outcome: "error",
        target: x.cmd,
        error: x.err,
        sig: errorSignature(x.err),
        ...(cmd ? { cmd, toolKind: "command" as const } : { toolKind: "edit" as const }),
      });
      if (x.fix) {
        const fcmd = x.tool === "Bash" ? normaliseCommand(x.fix) : "";
        out.push({
          ...base,
          at: at(),
          outcome: "ok",
          target: x.fix,
          ...(fcmd ? { cmd: fcmd, toolKind: "command" as const } : { toolKind: "edit" as const }),
        });
      }
    }
    return out;
  });

describe("the failure index", () => {
  it("folded in pieces equals folded at once", () => {
    fc.assert(
      fc.property(sessionRecords, fc.array(fc.nat(), { maxLength: 4 }), (records, cuts) => {
        const whole = foldFailures(emptyIndex(), records);
        const points = [...new Set(cuts.map((c) => c % (records.length + 1)))].sort((a, b) => a - b);
        const pieces = emptyIndex();
        let from = 0;
        for (const p of [...points, records.length]) {
          foldFailures(pieces, records.slice(from, p));
          from = p;
        }
        assert.deepEqual(pieces, whole);
      }),
    );
  });

  it("a match is the same tool and command (or program, here); a hint is within its size, headed and cited", () => {
    fc.assert(
      fc.property(
        sessionRecords,
        fc.constantFrom("Bash", "Edit"),
        fc.constantFrom("npm test", "make deploy", "git push"),
        fc.constantFrom("ENOTCACHED request failed", "permission denied", "segfault"),
        fc.constantFrom("/a", "/b", "/c"),
        fc.integer({ min: 120, max: 900 }),
        (records, tool, target, error, project, max) => {
          const index = foldFailures(emptyIndex(), records);
          const call = { tool, kind: tool === "Bash" ? "command" : "edit", target, error, project };
          const cmd = tool === "Bash" ? normaliseCommand(target) : "";
          const found = matchFailure(index, call);
          for (const e of found) {
            assert.equal(e.tool, tool);
            // The same command, or the same program in the same project (test/improve/failure-recur.test.ts).
            if (e.cmd !== cmd) {
              assert.equal(e.cmd.split(" ")[0], cmd.split(" ")[0]);
              assert.equal(e.project, project);
            }
          }
          const hint = failureHint(found, call, max);
          assert.ok(hint.length <= max, `${hint.length} > ${max}`);
          if (hint) {
            assert.ok(hint.startsWith(FAILURE_HINT_HEADER));
            assert.match(hint, /\d{4}-\d{2}-\d{2}/, "cited by day");
          }
          if (found.length === 0) assert.equal(hint, "");
        },
      ),
    );
  });
});
