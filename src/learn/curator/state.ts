/**
 * The curator's persisted state (seed 003, SELECTION): a plain JSON object, validated when read back so a
 * damaged file is refused with a clear error instead of scoring garbage. Every array in it is bounded by
 * the caps below, which bounds the file's size.
 */
import { z } from "zod";
import { FEATURES } from "./gaussian.ts";
import { VOCAB_CAP } from "./tfidf.ts";

export const CAPS = { hashes: 5_000, ngrams: 50_000, vocabulary: VOCAB_CAP } as const;

const features = z.array(z.number().finite()).length(FEATURES.length);

export const CuratorStateSchema = z.object({
  version: z.literal(1),
  threshold: z.number().min(0).max(1),
  alpha: z.number().gt(0).max(1),
  seen: z.number().int().nonnegative(),
  promoted: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  gauss: z.object({ n: z.number().int().nonnegative(), mean: features, variance: features }),
  tfidf: z
    .object({
      docs: z.number().int().nonnegative(),
      df: z.array(z.tuple([z.string(), z.number().int().positive()])).max(CAPS.vocabulary),
      sum: z.array(z.tuple([z.string(), z.number().finite()])).max(CAPS.vocabulary),
    })
    .nullable(),
  hashes: z.array(z.number().int().nonnegative()).max(CAPS.hashes),
  ngrams: z.array(z.string()).max(CAPS.ngrams),
});

export type CuratorState = z.infer<typeof CuratorStateSchema>;
