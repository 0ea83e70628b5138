/**
 * The structured output of model extraction (issue 11 step 2; seed 000 "Auto-Memory Extraction": up to 3
 * items a pass, each under 200 characters): learnings, preferences with a category, identity and user facts,
 * each with an importance; `scope: "project"` only with the project path the caller gives. Validated with
 * zod; `extractionJsonSchema` is the same shape as JSON Schema for providers' structured-output modes.
 */
import { z } from "zod";

export const DEFAULT_MAX_ITEMS = 3;
export const DEFAULT_MAX_CHARS = 200;
export const CATEGORIES = ["Communication", "Code", "Tools", "Workflow", "General"] as const;

export interface ExtractionLimits {
  maxItems?: number;
  maxChars?: number;
  /** The repository the session ran in; without one, no item may be project-scoped. */
  projectPath?: string;
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
  return z.object({ items: z.array(item).max(maxItems) });
}

export type Extraction = z.infer<ReturnType<typeof extractionSchema>>;
export type ExtractedItem = Extraction["items"][number];

/** The schema as JSON Schema (draft 2020-12), for providers' strict structured-output modes. */
export function extractionJsonSchema(limits: ExtractionLimits = {}): Record<string, unknown> {
  return z.toJSONSchema(extractionSchema(limits)) as Record<string, unknown>;
}
