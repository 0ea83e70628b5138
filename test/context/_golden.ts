/** Golden files: compared byte for byte; `UPDATE_GOLDEN=1` rewrites them from the actual output. */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), "golden");

export function assertGolden(name: string, actual: string): void {
  const file = join(GOLDEN_DIR, name);
  if (process.env.UPDATE_GOLDEN === "1") {
    fs.mkdirSync(GOLDEN_DIR, { recursive: true });
    fs.writeFileSync(file, actual);
    return;
  }
  assert.ok(fs.existsSync(file), `missing golden ${file}: run with UPDATE_GOLDEN=1 to create it`);
  const expected = fs.readFileSync(file);
  const got = Buffer.from(actual, "utf8");
  if (Buffer.compare(expected, got) !== 0) {
    // Show a readable diff; the byte comparison above is the real check.
    assert.equal(
      actual,
      expected.toString("utf8"),
      `${name} differs from its golden (UPDATE_GOLDEN=1 to accept)`,
    );
    assert.fail(`${name} differs from its golden byte for byte (encoding?)`);
  }
}
