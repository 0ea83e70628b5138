/**
 * The suite's own rules: every property test runs on the one seeded fast-check (test/support/fc.ts), and
 * the one spawn helper refuses to run a built CLI that is missing or older than src/.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, test } from "node:test";
import { DEFAULT_SEED, seedFrom } from "../support/seed.ts";
import { ROOT, staleBuild } from "../support/spawn.ts";

function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => join(e.parentPath, e.name));
}

describe("seeded property tests", () => {
  test("no test file imports fast-check except test/support/fc.ts", () => {
    const direct = tsFiles(join(ROOT, "test"))
      .filter((f) => /from ["']fast-check["']/.test(fs.readFileSync(f, "utf8")))
      .map((f) => relative(ROOT, f));
    assert.deepEqual(direct, ["test/support/fc.ts"], "import { fc } from test/support/fc.ts instead");
  });

  test("FC_SEED: unset → the fixed seed; a number replays; anything else is refused", () => {
    assert.equal(seedFrom({}), DEFAULT_SEED);
    assert.equal(seedFrom({ FC_SEED: "" }), DEFAULT_SEED);
    assert.equal(seedFrom({ FC_SEED: "1234" }), 1234);
    assert.equal(seedFrom({ RELIABILITY_SEED: "77" }), 77, "the older name still works");
    assert.ok(Number.isSafeInteger(seedFrom({ FC_SEED: "random" })));
    assert.throws(() => seedFrom({ FC_SEED: "abc" }), /FC_SEED must be an integer/);
  });
});

describe("a stale build is refused", () => {
  const project = (): string => {
    const root = fs.mkdtempSync(join(tmpdir(), "brain-stale-"));
    fs.mkdirSync(join(root, "src", "cli"), { recursive: true });
    fs.mkdirSync(join(root, "dist", "cli"), { recursive: true });
    return root;
  };
  const touch = (path: string, secondsAgo: number) => {
    fs.writeFileSync(path, "x");
    const t = new Date(Date.now() - secondsAgo * 1000);
    fs.utimesSync(path, t, t);
  };

  test("missing dist, dist older than a source, dist newer than every source", (t) => {
    const root = project();
    t.after(() => fs.rmSync(root, { recursive: true, force: true }));
    touch(join(root, "src", "cli", "main.ts"), 100);
    assert.match(staleBuild(root) ?? "", /dist\/cli\/brain\.cjs is missing: run `npm run build`/);
    touch(join(root, "dist", "cli", "brain.cjs"), 50);
    assert.equal(staleBuild(root), null, "built after the last change");
    touch(join(root, "src", "cli", "main.ts"), 10);
    assert.match(staleBuild(root) ?? "", /^dist\/ is older than src\/cli\/main\.ts: .*run `npm run build`/);
  });

  test("this checkout's dist/ is up to date (npm test builds first)", () => {
    assert.equal(staleBuild(), null);
  });
});
