import { framedHits } from "../../core/memory-lines.ts";
import { parseKeyValues } from "../../core/params.ts";
import type { Brain } from "../../engine/brain.ts";
import { BRAIN_TOOL_DESCRIPTION, brainToolJsonSchema } from "../../tools/brain-tool.ts";
import { loadContextFile } from "../../tools/context-file.ts";
import { describeError } from "../../tools/describe-error.ts";
import { GRAPH_TOOL_DESCRIPTION, graphTool, graphToolJsonSchema } from "../../tools/graph-tool.ts";
import {
  INBOX_ACTIONS,
  INBOX_TOOL_DESCRIPTION,
  inboxTool,
  inboxToolJsonSchema,
} from "../../tools/inbox-tool.ts";
import {
  MIND_ACTIONS,
  MIND_TOOL_DESCRIPTION,
  type MindToolArgs,
  mindTool,
  mindToolJsonSchema,
} from "../../tools/mind-tool.ts";
import {
  PROPOSAL_ACTIONS,
  PROPOSALS_TOOL_DESCRIPTION,
  proposalsTool,
  proposalsToolJsonSchema,
} from "../../tools/proposals-tool.ts";
import { WRITE_FILE_DESCRIPTION, type WriteFileArgs, writeFileTool } from "../../tools/write-file.ts";
import type { PiApi, PiContext, PiToolResult } from "./types.ts";

type Open = (cwd: string) => Brain;

/** pi marks a tool result as an error when `execute` throws; the message names the code and field. */
async function run(fn: () => unknown): Promise<PiToolResult> {
  let r: { text: string; details: unknown };
  try {
    r = (await fn()) as { text: string; details: unknown };
  } catch (e) {
    throw new Error(describeError(e).text);
  }
  return { content: [{ type: "text", text: r.text }], details: r.details };
}

export function registerPiTools(pi: PiApi, open: Open): void {
  pi.registerTool({
    name: "brain",
    label: "Brain",
    description: BRAIN_TOOL_DESCRIPTION,
    promptSnippet: "Persistent memory: add/update/remove/list learnings, preferences, tasks and reminders",
    promptGuidelines: [
      "Use the brain tool (action=add, type=learning) when you learn something durable about this project or user.",
    ],
    parameters: brainToolJsonSchema(),
    execute: (_id, params, _signal, _update, ctx) =>
      run(async () => {
        const r = await open(ctx.cwd).act(params);
        return { text: r.message, details: r };
      }),
  });

  pi.registerTool({
    name: "brain_inbox",
    label: "Memory inbox",
    description: INBOX_TOOL_DESCRIPTION,
    parameters: inboxToolJsonSchema(),
    execute: (_id, params, _signal, _update, ctx) =>
      run(() => {
        const action = INBOX_ACTIONS.find((a) => a === params.action) ?? "list";
        const str = (v: unknown) => (typeof v === "string" ? v : undefined);
        return inboxTool(open(ctx.cwd), { action, id: str(params.id), text: str(params.text) });
      }),
  });

  pi.registerTool({
    name: "brain_proposals",
    label: "Proposed changes",
    description: PROPOSALS_TOOL_DESCRIPTION,
    parameters: proposalsToolJsonSchema(),
    execute: (_id, params, _signal, _update, ctx) =>
      run(() => {
        const action = PROPOSAL_ACTIONS.find((a) => a === params.action) ?? "list";
        const str = (v: unknown) => (typeof v === "string" ? v : undefined);
        const p = params as Record<string, unknown>;
        return proposalsTool(open(ctx.cwd), {
          action,
          id: str(p.id),
          text: str(p.text),
          kind: str(p.kind),
          target: str(p.target),
          title: str(p.title),
          why: str(p.why),
        });
      }),
  });

  pi.registerTool({
    name: "brain_mind",
    label: "Working state",
    description: MIND_TOOL_DESCRIPTION,
    parameters: mindToolJsonSchema(),
    execute: (_id, params, _signal, _update, ctx) =>
      run(() => {
        const action = MIND_ACTIONS.find((a) => a === params.action) ?? "context";
        return mindTool(open(ctx.cwd), { ...(params as Partial<MindToolArgs>), action });
      }),
  });

  pi.registerTool({
    name: "brain_graph",
    label: "Associations",
    description: GRAPH_TOOL_DESCRIPTION,
    parameters: graphToolJsonSchema(),
    execute: (_id, params, _signal, _update, ctx) =>
      run(() =>
        graphTool(open(ctx.cwd), {
          node: typeof params.node === "string" ? params.node : undefined,
          limit: typeof params.limit === "number" ? params.limit : undefined,
        }),
      ),
  });

  pi.registerTool({
    name: "load_brain_file",
    label: "Load brain file",
    description:
      "Read a brain file (CODE.md, TOOLS.md …) or an agent-requested project rule listed under 'Available context files'.",
    parameters: {
      type: "object",
      properties: {
        name: { type: "string", description: "Brain file name (e.g. CODE.md) or the listed rule path." },
      },
      required: ["name"],
    },
    execute: (_id, params, _signal, _update, ctx) =>
      run(() => {
        const f = loadContextFile(open(ctx.cwd), String(params.name ?? ""), ctx.cwd);
        return { text: f.content || `(${f.name} is empty)`, details: f };
      }),
  });

  pi.registerTool({
    name: "write_brain_file",
    label: "Write brain file",
    description: WRITE_FILE_DESCRIPTION,
    parameters: {
      type: "object",
      properties: {
        name: { type: "string", description: "The brain file (CODE.md, NOTES.md …; no paths)." },
        text: { type: "string", description: "Text to append, or the whole new content." },
        mode: { type: "string", enum: ["append", "rewrite"], description: "append (default) or rewrite." },
        cleanup_intent: { type: "string", description: "rewrite only: why the old content goes." },
      },
      required: ["name", "text"],
    },
    execute: (_id, params, _signal, _update, ctx) =>
      run(async () => {
        const r = await writeFileTool(open(ctx.cwd), params as unknown as WriteFileArgs);
        return { text: r.text, details: r.result };
      }),
  });

  pi.registerTool({
    name: "brain_search",
    label: "Search memories",
    description:
      "Find remembered learnings, preferences, project context and tasks relevant to a query, best first.",
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words or a phrase to look for." },
        limit: {
          type: "integer",
          minimum: 1,
          maximum: 100,
          description: "At most this many hits (default 10).",
        },
      },
      required: ["query"],
    },
    execute: (_id, params, _signal, _update, ctx) =>
      run(() => {
        const r = open(ctx.cwd).search(String(params.query ?? ""), {
          limit: typeof params.limit === "number" ? params.limit : 10,
        });
        const text = r.hits.length ? framedHits(r.hits) : `No memories match "${r.query}".`;
        return { text, details: r };
      }),
  });
}

/** Split a command line into words; quotes group (`text="two words"` is one word, quotes removed). */
export function splitWords(line: string): string[] {
  const words: string[] = [];
  let cur: string | null = null;
  let quote: string | null = null;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      cur ??= "";
    } else if (/\s/.test(ch)) {
      if (cur !== null) words.push(cur);
      cur = null;
    } else cur = (cur ?? "") + ch;
  }
  if (cur !== null) words.push(cur);
  return words;
}

/** `/brain` (stats), `/brain context`, `/brain search <words>`, `/brain <action> key=value …`. */
export function registerPiCommand(pi: PiApi, open: Open): void {
  const say = (ctx: PiContext, text: string, level: "info" | "error" = "info") =>
    ctx.ui ? ctx.ui.notify(text, level) : process.stdout.write(`${text}\n`);
  pi.registerCommand("brain", {
    description: "Brain memory: /brain (stats) | context | search <words> | <action> key=value …",
    handler: async (args, ctx) => {
      const [sub = "", ...rest] = splitWords(args);
      try {
        const b = open(ctx.cwd);
        if (!sub || sub === "stats") say(ctx, b.stats());
        else if (sub === "context") say(ctx, b.context({ cwd: ctx.cwd }).text || "(the brain is empty)");
        else if (sub === "search") {
          const r = b.search(rest.join(" "), { limit: 10 });
          say(ctx, r.hits.length ? framedHits(r.hits) : "No matches.");
        } else {
          say(ctx, (await b.act({ ...parseKeyValues(rest), action: sub })).message);
        }
      } catch (e) {
        say(ctx, describeError(e).text, "error");
      }
    },
  });
}
