/**
 * Real small filesystems for the disk-full and inode-reuse cases: a tmpfs of a few hundred KiB, or an ext4
 * image with 128-byte inodes (no birth times) on a loop device. Both need root (mount); a test that cannot
 * mount skips with the reason.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestContext } from "node:test";

function run(cmd: string, args: string[]): string | null {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  return r.status === 0 ? null : `${cmd} ${args.join(" ")}: ${r.stderr || r.error?.message || r.status}`;
}

function mountOn(t: TestContext, args: string[], extra: string[] = []): string | null {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-smallfs-"));
  const err = run("mount", [...args, dir]);
  if (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    for (const f of extra) fs.rmSync(f, { force: true });
    t.skip(`cannot mount a small filesystem here (${err.trim()})`);
    return null;
  }
  t.after(() => {
    run("umount", [dir]);
    fs.rmSync(dir, { recursive: true, force: true });
    for (const f of extra) fs.rmSync(f, { force: true });
  });
  return dir;
}

/** A fresh tmpfs of `kib` KiB, unmounted after the test; null (test skipped) when mount is not permitted. */
export function tmpfs(t: TestContext, kib: number): string | null {
  return mountOn(t, ["-t", "tmpfs", "-o", `size=${kib}k`, "tmpfs"]);
}

/** A fresh ext4 with 128-byte inodes (no birth time; inode numbers are reused at once) on a loop device. */
export function ext4NoBirthTime(t: TestContext, mib = 8): string | null {
  const img = join(tmpdir(), `brain-ext4-${process.pid}-${Date.now()}.img`);
  fs.writeFileSync(img, "");
  fs.truncateSync(img, mib << 20);
  const err = run("mkfs.ext4", ["-q", "-F", "-I", "128", img]);
  if (err) {
    fs.rmSync(img, { force: true });
    t.skip(`cannot make an ext4 image here (${err.trim()})`);
    return null;
  }
  return mountOn(t, ["-o", "loop", img], [img]);
}

/** Fill the filesystem of `dir` so that only about `freeBytes` remain (a filler file, kept). */
export function leaveFree(dir: string, freeBytes: number): void {
  const filler = join(dir, "filler");
  const fd = fs.openSync(filler, "w");
  const page = Buffer.alloc(4096, 0x78);
  try {
    for (;;) fs.writeSync(fd, page);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOSPC") throw err;
  } finally {
    fs.closeSync(fd);
  }
  const size = fs.statSync(filler).size;
  fs.truncateSync(filler, Math.max(0, size - Math.ceil(freeBytes / 4096) * 4096));
}
