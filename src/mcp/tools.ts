import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { framedHits } from "../core/memory-lines.ts";
import type { LiveType } from "../core/types.ts";
import type { Brain } from "../engine/brain.ts";
import { BRAIN_TOOL_DESCRIPTION, BRAIN_TOOL_TITLE } from "../tools/brain-tool.ts";
import { loadContextFile } from "../tools/context-file.ts";
import { GRAPH_TOOL_DESCRIPTION, graphTool } from "../tools/graph-tool.ts";
import { INBOX_TOOL_DESCRIPTION, inboxTool } from "../tools/inbox-tool.ts";
import { PROPOSALS_TOOL_DESCRIPTION, proposalsTool } from "../tools/proposals-tool.ts";
import { WRITE_FILE_DESCRIPTION, writeFileTool } from "../tools/write-file.ts";
import { guard } from "./errors.ts";
import { registerMindTool } from "./mind-tool.ts";
import type { ProjectRoots } from "./roots.ts";
import {
  brainInput,
  brainOutput,
  contextInput,
  contextOutput,
  graphInput,
  graphOutput,
  inboxInput,
  inboxOutput,
  loadFileInput,
  loadFileOutput,
  proposalsInput,
  proposalsOutput,
  searchInput,
  searchOutput,
  writeFileInput,
  writeFileOutput,
} from "./schemas.ts";

/** A successful tool result: readable text for the model, the same data as structured content. */
function ok(text: string, structured: Record<string, unknown>) {
  return { content: [{ type: "text" as const, text }], structuredContent: structured };
}

const READ = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false };
/** A review queue's tools: they write (accept, reject) but destroy nothing without the user's say. */
const REVIEW = { readOnlyHint: false, idempotentHint: false, destructiveHint: false, openWorldHint: false };

export function registerTools(server: McpServer, brain: Brain, roots: ProjectRoots): void {
  server.registerTool(
    "brain",
    {
      title: BRAIN_TOOL_TITLE,
      description: BRAIN_TOOL_DESCRIPTION,
      inputSchema: brainInput,
      outputSchema: brainOutput,
      // One tool for every action (as Rho has it): remove, decay and task_clear delete, so it is marked
      // destructive; list is the only read.
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args) =>
      guard(async () => {
        const r = await brain.act(args as Record<string, unknown>);
        return ok(r.message, { ...r });
      }),
  );

  server.registerTool(
    "brain_context",
    {
      title: "Brain context for a directory",
      description:
        "The assembled memory context for a working directory: identity, user, behaviour, preferences, " +
        "project context, learnings, brain files, project rules, tasks and due reminders, ordered stable-first " +
        "under a hard token budget. Call it at the start of a task (or after a compaction with recover=true) " +
        "and follow it as standing instructions.",
      inputSchema: contextInput,
      outputSchema: contextOutput,
      annotations: READ,
    },
    (a) =>
      guard(async () => {
        const cwd = await roots.check(a.cwd);
        const r = brain.context({
          ...(cwd ? { cwd } : {}),
          ...(a.budget ? { budget: a.budget } : {}),
          ...(a.query ? { query: a.query } : {}),
          files: a.files ?? [],
          include: a.include ?? [],
          recover: a.recover ?? false,
        });
        brain.recordRecent(r.used);
        const blocks = r.blocks.map(({ id, title, cacheable, tokens, entryIds }) => ({
          id,
          title,
          cacheable,
          tokens,
          entryIds,
        }));
        return ok(r.text || "(the brain is empty)", {
          text: r.text,
          tokens: r.tokens,
          budget: r.budget,
          injectedIds: r.injectedIds,
          blocks,
          problems: r.problems.map((p) => ({ file: p.file, line: p.line, message: p.message })),
        });
      }),
  );

  server.registerTool(
    "load_brain_file",
    {
      title: "Load a brain file or project rule",
      description:
        "Read one of the context files the brain context lists under 'Available context files' but does not " +
        "inline: a brain file by name (CODE.md, TOOLS.md, SECURITY.md, a user-created file …) or an " +
        "agent-requested project rule by its listed path. Load one when its description matches the task.",
      inputSchema: loadFileInput,
      outputSchema: loadFileOutput,
      annotations: READ,
    },
    (a) =>
      guard(async () => {
        const f = loadContextFile(brain, a.name, await roots.check(a.cwd));
        return ok(f.content || `(${f.name} is empty)`, { ...f });
      }),
  );

  server.registerTool(
    "write_brain_file",
    {
      title: "Append to or rewrite a brain file",
      description: WRITE_FILE_DESCRIPTION,
      inputSchema: writeFileInput,
      outputSchema: writeFileOutput,
      annotations: {
        readOnlyHint: false,
        idempotentHint: false,
        destructiveHint: true,
        openWorldHint: false,
      },
    },
    (a) =>
      guard(async () => {
        const r = await writeFileTool(brain, a);
        return ok(r.text, r.result);
      }),
  );

  server.registerTool(
    "brain_search",
    {
      title: "Search memories",
      description:
        "Find remembered learnings, preferences, project context, tasks and reminders relevant to a query " +
        "(words or a phrase, best first, with ids you can pass to the brain tool's update/remove). Use it " +
        "before answering questions about past decisions, conventions or the user.",
      inputSchema: searchInput,
      outputSchema: searchOutput,
      annotations: READ,
    },
    (a) =>
      guard(() => {
        const r = brain.search(a.query, {
          limit: a.limit ?? 10,
          ...(a.type ? { types: [a.type as LiveType] } : {}),
        });
        const hits = r.hits.map(({ id, type, text, score }) => ({ id, type, text, score }));
        const text = hits.length ? framedHits(hits) : `No memories match "${a.query}".`;
        return ok(text, { query: r.query, total: r.total, hits });
      }),
  );

  server.registerTool(
    "brain_inbox",
    {
      title: "Review memory candidates",
      description: INBOX_TOOL_DESCRIPTION,
      inputSchema: inboxInput,
      outputSchema: inboxOutput,
      annotations: REVIEW,
    },
    (a) =>
      guard(async () => {
        const r = await inboxTool(brain, a);
        return ok(r.text, r.details);
      }),
  );

  server.registerTool(
    "brain_proposals",
    {
      title: "Review proposed rule, skill and tool changes",
      description: PROPOSALS_TOOL_DESCRIPTION,
      inputSchema: proposalsInput,
      outputSchema: proposalsOutput,
      annotations: REVIEW,
    },
    (a) =>
      guard(async () => {
        const r = await proposalsTool(brain, a);
        return ok(r.text, r.details);
      }),
  );

  registerMindTool(server, brain);
  server.registerTool(
    "brain_graph",
    {
      title: "Associations",
      description: GRAPH_TOOL_DESCRIPTION,
      inputSchema: graphInput,
      outputSchema: graphOutput,
      annotations: READ,
    },
    (a) =>
      guard(() => {
        const r = graphTool(brain, a);
        return ok(r.text, r.details);
      }),
  );
}
