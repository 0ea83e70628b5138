/**
 * The variants bench/recall-variants.ts runs: the shared data in one of its shapes (variants.ts: original,
 * merged, assistant), optionally with one failing class's needles inserted first (issue 24): `update`,
 * `multisession`, `temporal` (on the original turns) and `update-long`, `multisession-long`, `temporal-long`
 * (the needles inside merged long messages). Each conversation's needles come from the seed and the
 * conversation's id only, so a subset (`--only`, `--part`) builds the same needles as the whole run.
 */

import { prng } from "./filler.ts";
import { multisessionVariant } from "./multisession-variant.ts";
import type { ClassBuilt } from "./needles.ts";
import { temporalVariant } from "./temporal-variant.ts";
import { updatePool, updateVariant } from "./update-variant.ts";
import type { LocomoSample, Variant } from "./variants.ts";

export const CLASSES = ["update", "multisession", "temporal"] as const;
export type ClassName = (typeof CLASSES)[number];

export const ALL_VARIANTS = [
  "original",
  "merged",
  "assistant",
  ...CLASSES,
  ...CLASSES.map((c) => `${c}-long` as const),
] as const;
export type VariantName = (typeof ALL_VARIANTS)[number];

export function parseVariant(name: VariantName): { cls: ClassName | null; shape: Variant } {
  const [c, long] = name.split("-");
  if ((CLASSES as readonly string[]).includes(c as string))
    return { cls: c as ClassName, shape: long ? "merged" : "original" };
  return { cls: null, shape: name as Variant };
}

/** A seed for one conversation: the run's seed and the conversation's id. */
function seedFor(seed: number, id: string): number {
  let h = seed >>> 0;
  for (const ch of id) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

/** The conversation with the class's needles and probes (none for a plain shape). */
export function buildClass(
  s: LocomoSample,
  cls: ClassName | null,
  seed: number,
  all: readonly LocomoSample[],
): ClassBuilt {
  if (!cls) return { sample: s, probes: [] };
  const r = prng(seedFor(seed, `${cls}:${s.sample_id}`));
  if (cls === "update") return updateVariant(s, r, updatePool(all, s.sample_id));
  if (cls === "multisession") return multisessionVariant(s, r);
  return temporalVariant(s, r);
}
