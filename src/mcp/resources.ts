import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Brain } from "../engine/brain.ts";
import { rethrow } from "./errors.ts";
import type { ProjectRoots } from "./roots.ts";

const MD = "text/markdown";

/** Resources (the brain prompt, Rho's prompt, each brain file) and the prompt template that injects context. */
export function registerResources(server: McpServer, brain: Brain, roots: ProjectRoots): void {
  server.registerResource(
    "brain-prompt",
    "brain://prompt",
    {
      title: "Brain prompt",
      description:
        "The assembled memory context for the server's working directory (what brain_context returns).",
      mimeType: MD,
    },
    (uri) => {
      try {
        return { contents: [{ uri: uri.href, mimeType: MD, text: brain.context({}).text }] };
      } catch (e) {
        rethrow(e);
      }
    },
  );

  server.registerResource(
    "brain-prompt-rho",
    "brain://prompt/rho",
    {
      title: "Brain prompt (Rho format)",
      description: "The brain prompt exactly as Rho renders it, for prompts written against Rho.",
      mimeType: MD,
    },
    (uri) => {
      try {
        return { contents: [{ uri: uri.href, mimeType: MD, text: brain.rhoPrompt().text }] };
      } catch (e) {
        rethrow(e);
      }
    },
  );

  server.registerResource(
    "brain-file",
    new ResourceTemplate("brain://files/{name}", {
      list: () => ({
        resources: brain.listBrainFiles().map((f) => ({
          uri: `brain://files/${encodeURIComponent(f.name)}`,
          name: f.name,
          title: f.name,
          description: f.owns ?? f.description ?? `${f.kind} brain file (${f.mode})`,
          mimeType: MD,
        })),
      }),
      complete: {
        name: (v) =>
          brain
            .listBrainFiles()
            .map((f) => f.name)
            .filter((n) => n.startsWith(v)),
      },
    }),
    {
      title: "Brain file",
      description: "A markdown brain file beside brain.jsonl (SOUL.md, USER.md, AGENTS.md, CODE.md …).",
      mimeType: MD,
    },
    (uri, vars) => {
      try {
        const name = decodeURIComponent(String(vars.name));
        return { contents: [{ uri: uri.href, mimeType: MD, text: brain.loadBrainFile(name).content }] };
      } catch (e) {
        rethrow(e);
      }
    },
  );

  server.registerPrompt(
    "brain-context",
    {
      title: "Start with the brain's context",
      description:
        "A user message carrying the memory context for a directory (and the task at hand), to begin a " +
        "session with what the brain remembers.",
      argsSchema: {
        task: z.string().optional().describe("What you are about to work on."),
        cwd: z.string().optional().describe("Working directory (default: the server's cwd)."),
      },
    },
    async (a) => {
      try {
        const cwd = await roots.check(a.cwd);
        const r = brain.context({ ...(cwd ? { cwd } : {}), ...(a.task ? { query: a.task } : {}) });
        const parts = [
          "This is what you remember (from the brain). Follow it as standing instructions; use the brain " +
            "tool to store new learnings.",
          r.text || "(the brain is empty)",
          ...(a.task ? [`Task: ${a.task}`] : []),
        ];
        return {
          description: `Brain context (${r.tokens} tokens)`,
          messages: [{ role: "user" as const, content: { type: "text" as const, text: parts.join("\n\n") } }],
        };
      } catch (e) {
        rethrow(e);
      }
    },
  );
}
