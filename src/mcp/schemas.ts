import { z } from "zod";
import { LIVE_TYPES } from "../core/types.ts";
import { BRAIN_FIELDS, type FieldSpec } from "../tools/brain-tool.ts";

/**
 * Input and output schemas of the MCP tools. The `brain` tool's fields come from the shared spec, and are
 * lenient where models often send strings (`enabled: "true"`, `limit: "20"`, `tags: "a,b"`); the engine
 * coerces and validates them, so the errors it raises name the field either way.
 */
/**
 * An enum whose error names the value given, as the engine says it: `unknown type "alien" (valid: …)` for the
 * action and the type (Rho's wording), `priority must be one of: … (got "asap")` for the other fields.
 */
const enumOf = (name: string, values: readonly string[]) =>
  z.enum(values as [string, ...string[]], {
    error: (iss) => {
      const list = values.join(", ");
      if (iss.input === undefined) return `${name} must be one of: ${list}`;
      const got = JSON.stringify(iss.input);
      return name === "type" || name === "action"
        ? `unknown ${name} ${got} (valid: ${list})`
        : `${name} must be one of: ${list} (got ${got})`;
    },
  });

function brainField(f: FieldSpec): z.ZodType {
  const d = f.description;
  switch (f.kind) {
    case "enum":
      return enumOf(f.name, f.values ?? []).describe(d);
    case "boolean":
      return z.union([z.boolean(), z.string()], { error: `${f.name} must be true or false` }).describe(d);
    case "integer": {
      const error = `${f.name} must be a whole number ≥ 0`;
      return z
        .union(
          [
            z.number({ error }).int({ error }).min(0, { error }),
            z.string({ error }).regex(/^\d+$/, { error }),
          ],
          {
            error,
          },
        )
        .describe(d);
    }
    case "tags":
      return z
        .union([z.array(z.string()), z.string()], { error: `${f.name} must be a list of strings` })
        .describe(d);
    case "cadence":
      return z
        .union([z.looseObject({ kind: z.string() }), z.string()], {
          error: `${f.name} must be {"kind":"interval","every":"6h"}, {"kind":"daily","at":"08:00"} or a shorthand`,
        })
        .describe(d);
    default:
      return z.string({ error: `${f.name} must be a string` }).describe(d);
  }
}

export const brainInput = z.looseObject(
  Object.fromEntries(
    BRAIN_FIELDS.map((f) => [f.name, f.name === "action" ? brainField(f) : brainField(f).optional()]),
  ),
);

const entry = z.looseObject({ id: z.string(), type: z.string(), created: z.string() });

export const brainOutput = z.object({
  ok: z.boolean(),
  action: z.string(),
  message: z.string().describe("What happened, as Rho words it (e.g. 'Added learning: …')."),
  written: z.array(entry).describe("Entries appended to brain.jsonl by this call (empty for list)."),
  data: z.record(z.string(), z.unknown()).optional().describe("Action details: ids, list groups, totals."),
});

const liveType = enumOf("type", LIVE_TYPES);

export const contextInput = {
  cwd: z.string().optional().describe("Working directory the context is for (default: the server's cwd)."),
  query: z.string().optional().describe("The task or prompt at hand; relevant memories are ranked by it."),
  budget: z
    .number({ error: "budget must be a number of tokens" })
    .int()
    .min(50, { error: "budget must be at least 50 tokens" })
    .max(200_000)
    .optional()
    .describe("Hard token cap of the context (default: promptBudget from config, 2000)."),
  files: z
    .array(z.string())
    .optional()
    .describe("Files being worked on: auto-attaches rules whose globs match."),
  include: z.array(z.string()).optional().describe("Manual rules or brain files to include by name or path."),
  recover: z
    .boolean()
    .optional()
    .describe("After a compaction: brain files in full, rules in force, recently used paths, active plan."),
};

export const contextOutput = {
  text: z.string().describe("The context, ready to put in a system prompt."),
  tokens: z.number(),
  budget: z.number(),
  injectedIds: z.array(z.string()).describe("Brain entries shown in the text."),
  blocks: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        cacheable: z.boolean().describe("Stable across turns (safe to cache as a prompt prefix)."),
        tokens: z.number(),
        entryIds: z.array(z.string()),
      }),
    )
    .describe("The ordered blocks the text is made of: stable ones first."),
  problems: z.array(z.object({ file: z.string(), line: z.number(), message: z.string() })),
};

export const loadFileInput = {
  name: z
    .string({ error: "name must be a string, e.g. CODE.md" })
    .min(1, { error: "name must not be empty" })
    .describe(
      "A brain file name (CODE.md, TOOLS.md …; .md optional) or a project rule path listed under 'Available context files' (e.g. .cursor/rules/testing.mdc).",
    ),
  cwd: z
    .string()
    .optional()
    .describe("Working directory used to find project rules (default: the server's cwd)."),
};

export const loadFileOutput = {
  name: z.string(),
  kind: z.string().describe("core | contextual | user-created (brain files) or rule (project rules)."),
  mode: z.string().describe("Activation: always | auto | agent | manual."),
  description: z.string().optional(),
  content: z.string(),
  bytes: z.number(),
};

export const searchInput = {
  query: z
    .string({ error: "query must be a string" })
    .min(1, { error: "query must not be empty" })
    .describe("What to look for: words or a phrase; rarer words weigh more."),
  limit: z
    .number({ error: "limit must be a number" })
    .int()
    .min(1, { error: "limit must be at least 1" })
    .max(100, { error: "limit must be at most 100" })
    .optional()
    .describe("At most this many hits (default 10)."),
  type: liveType.optional().describe("Only entries of this type."),
};

export const searchOutput = {
  query: z.string(),
  total: z.number().describe("Entries matching at least one word."),
  hits: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      text: z.string(),
      score: z.number().describe("0–1, higher is more relevant."),
    }),
  ),
};

export const inboxInput = {
  action: z.enum(["list", "accept", "edit", "reject"]).describe("list, accept, edit or reject"),
  id: z.string().min(1).optional().describe("The candidate's id (from action=list)."),
  text: z.string().min(1).optional().describe("edit: the new text."),
};

const inboxItem = z.looseObject({ id: z.string(), type: z.string(), text: z.string(), status: z.string() });
export const inboxOutput = {
  items: z.array(inboxItem).optional().describe("list: the pending candidates."),
  item: inboxItem.optional().describe("The candidate decided on."),
  outcome: z.looseObject({ kind: z.string() }).optional().describe("accept: what the brain stored."),
};

export const proposalsInput = {
  action: z
    .enum(["list", "show", "accept", "edit", "reject", "propose"])
    .describe("list, show, accept, edit, reject or propose"),
  id: z.string().min(1).optional().describe("The proposal's id (from action=list)."),
  text: z.string().min(1).optional().describe("edit, accept: the new text; propose: the content."),
  kind: z.enum(["skill", "command", "tool", "append"]).optional().describe("propose: what it is."),
  target: z.string().min(1).optional().describe("propose: the skill's name or the brain file (TOOLS.md …)."),
  title: z.string().min(1).optional().describe("propose: a one-line title."),
  why: z.string().min(1).optional().describe("propose: why, in a line."),
};

const proposal = z.looseObject({ id: z.string(), kind: z.string(), status: z.string(), title: z.string() });
export const proposalsOutput = {
  proposals: z.array(proposal).optional().describe("list: the proposals waiting for review."),
  proposal: proposal.optional().describe("The proposal shown, decided on or proposed."),
  diff: z.string().optional().describe("show: the change as a diff."),
  duplicates: z.number().optional().describe("propose: already proposed or decided before."),
};

export const graphInput = {
  node: z
    .string()
    .min(1)
    .optional()
    .describe("A word (postgres) or a reference from this tool (c:postgr, m:1a2b3c4d); omit for the hubs."),
  limit: z.number().int().min(1).max(100).optional().describe("At most this many (default 10)."),
};

const graphNode = z.looseObject({ ref: z.string(), kind: z.string(), title: z.string() });
export const graphOutput = {
  node: graphNode.optional().describe("The node asked about."),
  neighbours: z.array(graphNode).optional().describe("Its strongest neighbours, strongest first."),
  hubs: z.array(z.looseObject({ ref: z.string(), title: z.string(), edges: z.number() })).optional(),
};

export const writeFileInput = {
  name: z
    .string({ error: "name must be a string, e.g. CODE.md" })
    .min(1, { error: "name must not be empty" })
    .describe("The brain file (CODE.md, NOTES.md …; .md optional; no paths)."),
  text: z.string({ error: "text must be a string" }).describe("Text to append, or the whole new content."),
  mode: z
    .enum(["append", "rewrite"], { error: "mode must be append or rewrite" })
    .optional()
    .describe("append (default): add at the end. rewrite: replace the file (needs cleanup_intent)."),
  cleanup_intent: z
    .string()
    .optional()
    .describe("rewrite only: why the old content goes (recorded with the backup)."),
};

export const writeFileOutput = {
  name: z.string(),
  mode: z.string().describe("append | rewrite"),
  backup: z.string().nullable().describe("rewrite: the copy of the old file."),
};
