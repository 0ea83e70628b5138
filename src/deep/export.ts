import * as fs from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../store/atomic-file.ts";
import { crypto } from "../store/crypto.ts";
import type { BrainHome } from "../store/home.ts";
import type { PurgeTarget } from "../store/purge-target.ts";
import {
  dedupExamples,
  type EntryLike,
  type ExampleSource,
  entryExample,
  type ProposalLike,
  proposalExample,
  type SourcedExample,
  splitExamples,
} from "./dataset.ts";

/**
 * `brain deep export`: the curated memories as a training dataset (src/deep/dataset.ts) in a directory —
 *   openai  train.jsonl (every example; the fine-tuning API's chat format)
 *   mlx     train.jsonl and valid.jsonl (a seeded 90/10 split; what `mlx_lm.lora --data <dir>` reads)
 * and manifest.json: format, when, counts by source, duplicates dropped, examples dropped for a secret, each
 * file's lines and SHA-256, the ids of what went in (a purge finds them), warnings (OpenAI wants 10 or more).
 * Every text is scanned by the secret guard; an example that held a secret is left out whole (a redacted
 * answer would teach the placeholder). Files are written whole (temp file, rename). Brain trains nothing.
 */
export type DeepFormat = "openai" | "mlx";
export const DEEP_FORMATS: readonly DeepFormat[] = ["openai", "mlx"];

export interface DeepExportInput {
  entries: readonly EntryLike[];
  proposals: readonly ProposalLike[];
  format: DeepFormat;
  /** Only memories written (or proposals decided) at or after this time. */
  since?: string;
  out: string;
  now: Date;
  /** The split's seed (the same seed, the same split). */
  seed?: string;
}

export interface DeepManifest {
  format: DeepFormat;
  created: string;
  since?: string;
  seed: string;
  examples: number;
  bySource: Partial<Record<ExampleSource, number>>;
  duplicates: number;
  secretsDropped: number;
  files: { name: string; lines: number; sha256: string }[];
  /** SHA-256 over the files' hashes, in order. */
  hash: string;
  refs: string[];
  warnings: string[];
}

const MANIFEST = "manifest.json";
const OPENAI_MIN = 10;
const sha = (s: string) => crypto().createHash("sha256").update(s).digest("hex");

/** Leave out every example with a secret in one of its texts. */
async function withoutSecrets(xs: SourcedExample[]): Promise<{ kept: SourcedExample[]; dropped: number }> {
  const texts = xs.flatMap((x) => x.example.messages.map((m) => m.content));
  const { redactAll } = await import("../guards/write-guard.ts");
  const r = await redactAll(texts);
  let i = 0;
  const kept: SourcedExample[] = [];
  for (const x of xs) {
    let clean = true;
    for (const m of x.example.messages) if (r.texts[i++] !== m.content) clean = false;
    if (clean) kept.push(x);
  }
  return { kept, dropped: xs.length - kept.length };
}

export async function exportDataset(input: DeepExportInput): Promise<DeepManifest> {
  const since = input.since ? Date.parse(input.since) : Number.NEGATIVE_INFINITY;
  const all = [...input.entries.map(entryExample), ...input.proposals.map(proposalExample)].filter(
    (x): x is SourcedExample => x !== null && !(Date.parse(x.at) < since),
  );
  const { kept: unique, duplicates } = dedupExamples(all);
  const { kept, dropped } = await withoutSecrets(unique);
  const seed = input.seed ?? "brain-deep";
  const parts =
    input.format === "mlx"
      ? Object.entries(splitExamples(kept, seed)).map(([k, v]) => [`${k}.jsonl`, v] as const)
      : [["train.jsonl", kept] as const];
  fs.mkdirSync(input.out, { recursive: true, mode: 0o700 });
  const files: DeepManifest["files"] = [];
  for (const [name, xs] of parts) {
    const text = xs.map((x) => `${JSON.stringify(x.example)}\n`).join("");
    writeFileAtomic(join(input.out, name), [text]);
    files.push({ name, lines: xs.length, sha256: sha(text) });
  }
  const bySource: DeepManifest["bySource"] = {};
  for (const x of kept) bySource[x.source] = (bySource[x.source] ?? 0) + 1;
  const warnings: string[] = [];
  if (input.format === "openai" && kept.length < OPENAI_MIN)
    warnings.push(
      `the OpenAI fine-tuning API needs at least ${OPENAI_MIN} examples (this dataset has ${kept.length})`,
    );
  if (kept.length === 0) warnings.push("nothing durable to export yet");
  const manifest: DeepManifest = {
    format: input.format,
    created: input.now.toISOString(),
    ...(input.since ? { since: input.since } : {}),
    seed,
    examples: kept.length,
    bySource,
    duplicates,
    secretsDropped: dropped,
    files,
    hash: sha(files.map((f) => f.sha256).join("\n")),
    refs: kept.map((x) => x.ref),
    warnings,
  };
  writeFileAtomic(join(input.out, MANIFEST), [`${JSON.stringify(manifest, null, 2)}\n`]);
  return manifest;
}

/**
 * The purge's reach into the last export in the brain's home: a dataset that holds a purged entry or text is
 * deleted whole (it is derived: `brain deep export` writes it again from what is left). Returns files removed.
 */
export function purgeDeepExport(home: BrainHome, t: PurgeTarget): number {
  const dir = home.file("deep");
  if (!fs.existsSync(dir)) return 0;
  const names = fs.readdirSync(dir).filter((n) => n.endsWith(".jsonl") || n === MANIFEST);
  let hit = false;
  try {
    const m = JSON.parse(fs.readFileSync(join(dir, MANIFEST), "utf8")) as { refs?: unknown };
    if (Array.isArray(m.refs) && m.refs.some((r) => typeof r === "string" && t.entries.has(r))) hit = true;
  } catch {
    hit = names.length > 0; // no readable manifest: what the files hold is unknown
  }
  const escaped = t.texts.map((s) => JSON.stringify(s).slice(1, -1));
  for (const n of names) {
    if (hit) break;
    const text = fs.readFileSync(join(dir, n), "utf8");
    if (escaped.some((s) => text.includes(s))) hit = true;
  }
  if (!hit) return 0;
  for (const n of names) fs.rmSync(join(dir, n), { force: true });
  return names.length;
}
