import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { JsonlLogFile } from "../../src/store/jsonl/log-file.ts";
import {
  derivedPath,
  fingerprintLog,
  logIdentity,
  newGeneration,
  rememberedMatch,
  SETTLED_MS,
  stillMatches,
} from "../../src/store/jsonl/log-identity.ts";
import { fc } from "../support/fc.ts";

let dir: string;
let n = 0;
before(() => {
  dir = fs.mkdtempSync(join(os.tmpdir(), "brain-verified-"));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function freshLog(text: string): string {
  const path = join(dir, `b${n++}`, "brain.jsonl");
  fs.mkdirSync(join(path, "..", ".brain"), { recursive: true });
  fs.writeFileSync(path, text);
  newGeneration(path);
  return path;
}
const fpOf = (path: string) => {
  const fp = fingerprintLog(path, fs.statSync(path).size, logIdentity(path).generation);
  assert.ok(fp);
  return fp;
};
/** Wait until the file's last change lies SETTLED_MS in the past (real time: what the kernel's ctime is). */
async function settle(path: string): Promise<void> {
  const ctime = Number(fs.statSync(path, { bigint: true }).ctimeNs / 1_000_000n);
  const wait = ctime + SETTLED_MS + 5 - Date.now();
  if (wait > 0) await sleep(wait);
}

describe("remembered verifications of a log's covered bytes", () => {
  test("a verification of a settled log is remembered, and answers the next check while the file is untouched", async () => {
    const path = freshLog("one\ntwo\n");
    const fp = fpOf(path);
    await settle(path);
    assert.equal(rememberedMatch(fp, path), false);
    assert.equal(stillMatches(fp, path), true);
    assert.equal(rememberedMatch(fp, path), true);
    assert.equal(stillMatches(fp, path), true);
  });

  test("a log changed within the settle time is verified but not remembered", () => {
    const path = freshLog("one\n");
    const fp = fpOf(path);
    assert.equal(
      stillMatches(fp, path, Number(fs.statSync(path, { bigint: true }).ctimeNs / 1_000_000n)),
      true,
    );
    assert.equal(fs.existsSync(derivedPath(path, "verified")), false);
  });

  test("PROPERTY: after a remembered verification, any change to the file is judged by its bytes (same-length edits, appends, truncation, replacement)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.constantFrom("edit", "append", "truncate", "replace", "touch-nothing"),
        fc.nat(),
        async (text, change, at) => {
          const path = freshLog(`${text}\n`);
          const fp = fpOf(path);
          await settle(path);
          assert.equal(stillMatches(fp, path), true);
          assert.equal(rememberedMatch(fp, path), true);
          const bytes = fs.readFileSync(path);
          let same = true;
          if (change === "edit") {
            const i = at % bytes.length;
            const b = Buffer.from(bytes);
            b[i] = (b[i] as number) === 0x61 ? 0x62 : 0x61;
            same = b.equals(bytes);
            const fd = fs.openSync(path, "r+");
            fs.writeSync(fd, b, i, 1, i);
            fs.closeSync(fd);
          } else if (change === "append") fs.appendFileSync(path, "more\n");
          else if (change === "truncate") {
            fs.truncateSync(path, at % bytes.length);
            same = false;
          } else if (change === "replace") {
            fs.writeFileSync(`${path}.new`, bytes);
            fs.renameSync(`${path}.new`, path);
            same = false; // another inode, another generation: not the log the fingerprint was taken of
          }
          if (change !== "touch-nothing" && !(change === "edit" && same))
            assert.equal(rememberedMatch(fp, path), false, "a changed file is never answered from memory");
          assert.equal(stillMatches(fp, path), same);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("a verification carried over an append under the lock", () => {
  const line = (i: number) => JSON.stringify({ id: `e${i}`, type: "learning", text: `note ${i}` });
  test("a writer's own append keeps a remembered verification: the next check is answered without hashing", async () => {
    const path = freshLog(`${line(0)}\n`);
    const fp = fpOf(path);
    await settle(path);
    assert.equal(stillMatches(fp, path), true);
    const log = new JsonlLogFile(path, { fsync: false, records: true });
    log.withLock(() => log.append([line(1)]), "test");
    assert.equal(rememberedMatch(fp, path), true, "carried to the grown file");
    assert.equal(stillMatches(fp, path), true);
  });

  test("PROPERTY: over any sequence of own appends, outside appends, truncations, same-size edits and replacements, a fingerprint is trusted only while the log holds its exact bytes", async () => {
    type Op = { kind: "own" | "outside" | "truncate" | "edit" | "replace" | "settle"; at: number };
    const op = fc.record({
      kind: fc.constantFrom("own", "own", "own", "outside", "truncate", "edit", "replace", "settle"),
      at: fc.nat(),
    }) as fc.Arbitrary<Op>;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const path = freshLog(`${line(0)}\n${line(1)}\n`);
        const fp = fpOf(path);
        const covered = fs.readFileSync(path);
        await settle(path);
        assert.equal(stillMatches(fp, path), true);
        let i = 2;
        for (const { kind, at } of ops) {
          const bytes = fs.readFileSync(path);
          if (kind === "own") {
            const log = new JsonlLogFile(path, { fsync: false, records: true });
            log.withLock(() => log.append([line(i++)]), "test");
          } else if (kind === "outside") fs.appendFileSync(path, `${line(i++)}\n`);
          else if (kind === "truncate") fs.truncateSync(path, at % Math.max(1, bytes.length));
          else if (kind === "edit" && bytes.length > 0) {
            const k = at % bytes.length;
            const fd = fs.openSync(path, "r+");
            fs.writeSync(fd, Buffer.from([(bytes[k] as number) === 0x61 ? 0x62 : 0x61]), 0, 1, k);
            fs.closeSync(fd);
          } else if (kind === "replace") {
            fs.writeFileSync(`${path}.new`, bytes);
            fs.renameSync(`${path}.new`, path);
          } else if (kind === "settle") await settle(path);
          const now = fs.readFileSync(path);
          const truth =
            // The same file (a replacement is another generation even with the same bytes and a reused inode).
            logIdentity(path).generation === fp.generation &&
            now.length >= covered.length &&
            now.subarray(0, covered.length).equals(covered);
          if (rememberedMatch(fp, path)) assert.ok(truth, `answered from memory after ${kind}`);
          assert.equal(stillMatches(fp, path), truth, `after ${kind}`);
        }
      }),
      { numRuns: 30 },
    );
  });
});
