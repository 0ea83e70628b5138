import * as fs from "node:fs";
import { basename, dirname, join } from "node:path";
import { writeFileAtomic } from "./atomic-file.ts";
import type { BrainHome, LocalFile } from "./home.ts";
import type { PurgeTarget } from "./purge-target.ts";

/**
 * A local state file of a brain (`.brain/<file>`: the learner's cursors, the curator's and the detectors'
 * state, the pending notice, the recent paths) — one JSON document, replaced atomically, read through a check
 * (parse, don't cast). Derived data: a missing file is a fresh start; an unreadable one is set aside (renamed,
 * never deleted) and starts fresh too. Each says how a purge reaches it, so what is forgotten leaves it.
 */
export interface DocSpec<T> {
  readonly file: LocalFile;
  /** The document, or why this value is not one. */
  check(value: unknown): T | { problem: string };
  /** A fresh document. */
  empty(): T;
  /** The document without what `target` names; `null` to delete the file; the same object when untouched. */
  purged(doc: T, target: PurgeTarget): T | null;
}

function isProblem(v: unknown): v is { problem: string } {
  return typeof v === "object" && v !== null && "problem" in v && Object.keys(v).length === 1;
}

export class JsonDoc<T> {
  readonly spec: DocSpec<T>;
  readonly path: string;

  constructor(home: BrainHome, spec: DocSpec<T>) {
    this.spec = spec;
    this.path = home.file(spec.file);
  }

  /** The saved document; a fresh one when the file is missing or unreadable (set aside, not lost). */
  load(): T {
    let text: string;
    try {
      text = fs.readFileSync(this.path, "utf8");
    } catch {
      return this.spec.empty();
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return this.#setAside();
    }
    const doc = this.spec.check(value);
    return isProblem(doc) ? this.#setAside() : doc;
  }

  /** Replace the file with `doc` (atomically; `durable` fsyncs). */
  save(doc: T, durable = true, pretty = false): void {
    writeFileAtomic(this.path, [`${JSON.stringify(doc, null, pretty ? 2 : undefined)}\n`], { durable });
  }

  /** Take what `target` names out of the saved document (or delete the file); how many documents changed. */
  purge(target: PurgeTarget): number {
    this.#dropSetAside();
    if (!fs.existsSync(this.path)) return 0;
    const doc = this.load();
    const next = this.spec.purged(doc, target);
    if (next === doc) return 0;
    if (next === null) fs.rmSync(this.path, { force: true });
    else this.save(next);
    return 1;
  }

  /** Copies set aside as unreadable still hold bytes: a purge takes them (they were never trusted anyway). */
  #dropSetAside(): void {
    const dir = dirname(this.path);
    const prefix = `${basename(this.path)}.bad-`;
    try {
      for (const f of fs.readdirSync(dir)) if (f.startsWith(prefix)) fs.rmSync(join(dir, f), { force: true });
    } catch {
      /* no directory: nothing set aside */
    }
  }

  #setAside(): T {
    try {
      fs.renameSync(this.path, `${this.path}.bad-${process.pid}-${fs.statSync(this.path).mtimeMs}`);
    } catch {
      /* best effort */
    }
    return this.spec.empty();
  }
}
