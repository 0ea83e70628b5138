/**
 * The structured output of model extraction (issue 11 step 2; seed 000 "Auto-Memory Extraction": up to 3
 * items a pass, each under 200 characters): learnings, preferences with a category, identity and user facts,
 * each with an importance; `scope: "project"` only with the project path the caller gives. Plus, when the
 * caller asks for one (`summaryChars` > 0), a one-line `summary` of the session for the "Recently in this
 * project" block (step 5), in the same call. The summary can never fail the answer: a missing, empty or
 * mistyped one reads as null and an overlong one is shortened, so it cannot cost the items a repair call.
 * Validated with zod; `extractionJsonSchema` is the same shape as JSON Schema for providers' structured-output modes.
 */
import { z } from "zod";
import { truncate } from "../tokens.ts";

export const DEFAULT_MAX_ITEMS = 3;
export const DEFAULT_MAX_CHARS = 200;
/** Characters of the session summary (0: none asked for). */
export const DEFAULT_SUMMARY_CHARS = 160;
export const CATEGORIES = ["Communication", "Code", "Tools", "Workflow", "General"] as const;

export interface ExtractionLimits {
  maxItems?: number;
  maxChars?: number;
  /** The repository the session ran in; without one, no item may be project-scoped. */
  projectPath?: string;
  /** Ask for a session summary of at most this many characters (absent or 0: no summary field). */
  summaryChars?: number;
}

export function extractionSchema(limits: ExtractionLimits = {}) {
  const maxItems = limits.maxItems ?? DEFAULT_MAX_ITEMS;
  const maxChars = limits.maxChars ?? DEFAULT_MAX_CHARS;
  const text = z.string().trim().min(1).max(maxChars);
  const importance = z.enum(["low", "medium", "high"]);
  const key = z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[\p{L}\p{N}_-]+$/u, "one word: letters, digits, _ or -");
  const scoped = limits.projectPath
    ? {
        scope: z.enum(["global", "project"]).optional(),
        projectPath: z.literal(limits.projectPath).optional(),
      }
    : { scope: z.literal("global").optional() };
  const item = z
    .discriminatedUnion("type", [
      z.object({ type: z.literal("learning"), text, importance, ...scoped }),
      z.object({
        type: z.literal("preference"),
        category: z.string().trim().min(1).max(40),
        text,
        importance,
        ...scoped,
      }),
      z.object({ type: z.literal("identity"), key, value: text, importance }),
      z.object({ type: z.literal("user"), key, value: text, importance }),
    ])
    .refine((it) => !("scope" in it && it.scope === "project") || ("projectPath" in it && !!it.projectPath), {
      message: 'scope "project" needs projectPath',
      path: ["projectPath"],
    });
  const items = z.array(item).max(maxItems);
  const summaryChars = limits.summaryChars ?? 0;
  if (summaryChars <= 0) return z.object({ items });
  const summary = z
    .string()
    .overwrite((s) => truncate(s.replace(/\s+/gu, " ").trim(), summaryChars))
    .min(1)
    .max(summaryChars)
    .nullable()
    .optional()
    .catch(null);
  return z.object({ items, summary });
}

export type Extraction = z.infer<ReturnType<typeof extractionSchema>> & { summary?: string | null };
export type ExtractedItem = Extraction["items"][number];

/** The schema as JSON Schema (draft 2020-12), for providers' strict structured-output modes. */
export function extractionJsonSchema(limits: ExtractionLimits = {}): Record<string, unknown> {
  return z.toJSONSchema(extractionSchema(limits)) as Record<string, unknown>;
}
