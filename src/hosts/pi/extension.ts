import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { loadConfig, type ResolvedConfig } from "../../config.ts";
import { Brain } from "../../engine/brain.ts";
import { brainOptions, homeOf } from "../../engine/options.ts";
import { forHooks, teamStoreUnavailable } from "../../engine/team-offline.ts";
import { ensureServer, kickLearner, serverLive } from "../../hooks/learner.ts";
import { exitCodeIn, toolEventOf } from "../../hooks/tool-event.ts";
import { appendToolEvents } from "../../hooks/tool-events.ts";
import { noticeFile, noticeText, takeNotice } from "../../learn/notice.ts";
import { enqueue, type QueuedWork } from "../../learn/queue.ts";
import { startLearner } from "../../learn/spawn.ts";
import { repoRoot } from "../../project/rules.ts";
import { hostContext } from "../../tools/host-context.ts";
import { registerPiCommand, registerPiTools } from "./tools.ts";
import type { PiApi, PiContext, PiMessage, PiToolResultEvent } from "./types.ts";

/**
 * The brain as a pi extension (pi is Rho's host): the `brain`, `load_brain_file` and `brain_search` tools,
 * the `/brain` command, the context appended to the system prompt before every agent run, and extraction
 * work queued on `agent_end` / `session_before_compact` and drained on `session_shutdown`.
 *
 *   pi -e /path/to/brain/plugins/pi/index.ts      (or `brain install pi`)
 */
export interface BrainExtensionOptions {
  /** brain.jsonl to use (default: BRAIN_PATH … ~/.rho/brain/brain.jsonl, as the CLI resolves it). */
  brainPath?: string;
  /** Test hook: a fixed clock. */
  now?: () => Date;
}

const HEADER =
  "# Brain: what you remember\nPersistent memory from earlier sessions. Store new durable learnings with the `brain` tool (action=add).";

/** Plain text of pi messages (text parts; tool calls as one line), for the extraction queue. */
export function messagesText(messages: PiMessage[] = []): { role: string; text: string }[] {
  const out: { role: string; text: string }[] = [];
  for (const m of messages) {
    const parts = typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content;
    if (!Array.isArray(parts)) continue;
    const text = parts
      .map((p: { type?: string; text?: string; name?: string; arguments?: unknown }) =>
        p.type === "text"
          ? (p.text ?? "")
          : p.type === "toolCall"
            ? `[tool ${p.name} ${JSON.stringify(p.arguments)}]`
            : "",
      )
      .filter(Boolean)
      .join("\n");
    if (text) out.push({ role: m.role, text });
  }
  return out;
}

/** pi's tool_result as a tool-event record. */
export function piToolEvent(e: PiToolResultEvent, ctx: PiContext, c: ResolvedConfig, at: Date) {
  const error = e.isError
    ? (e.content ?? []).map((p) => (p.type === "text" ? (p.text ?? "") : "")).join("\n")
    : undefined;
  const exit = exitCodeIn(error);
  const session = ctx.sessionManager?.getSessionId?.();
  return toolEventOf(
    {
      tool: e.toolName || "unknown",
      input: e.input,
      outcome: e.isError ? "error" : "ok",
      ...(error ? { error } : {}),
      ...(exit !== undefined ? { exit } : {}),
    },
    {
      host: "pi",
      ...(session ? { session } : {}),
      cwd: ctx.cwd,
      project: repoRoot(ctx.cwd),
      at,
      ...(e.toolCallId ? { id: e.toolCallId } : {}),
    },
    c.hooks,
  );
}

export function createBrainExtension(opts: BrainExtensionOptions = {}) {
  return function brainExtension(pi: PiApi): void {
    let config: ResolvedConfig | undefined;
    let brain: Brain | undefined;
    const pending: QueuedWork[] = [];
    let saidOffline = false;

    /** The config, read once (pi loads the extension in its own process: this is its entry point). */
    const configured = (): ResolvedConfig => {
      if (!config) {
        // Hook-like waits for a team server (store/postgres/offline.ts): pi runs its prompts in this process.
        // The environment is read where all configuration is, in loadConfig (its default: this process's).
        config = forHooks(loadConfig(undefined, opts.brainPath));
        // The session's start: the resident server (learner, viewer) is started if configured to be.
        void ensureServer(homeOf(config), config.brainPath, config.serve.autoStart).catch(() => {});
      }
      return config;
    };
    const open = (cwd: string): Brain => {
      brain ??= Brain.open({ ...brainOptions(configured(), cwd), ...(opts.now ? { now: opts.now } : {}) });
      return brain;
    };
    const now = (): Date => {
      const fixed = configured().fixedNow;
      return opts.now?.() ?? (fixed ? new Date(fixed.getTime()) : new Date());
    };
    const sessionId = (ctx: PiContext) => ctx.sessionManager?.getSessionId?.();

    /**
     * Queue synchronously (pi may shut down before an async handler resumes); write on the next tick. The
     * queue is a local file beside the brain's path: queueing never opens the brain, so it works with the
     * team server away too (the learner turns it into memories once the server answers again).
     */
    const queue = (ctx: PiContext, work: { event: string; messages: QueuedWork["messages"] }) => {
      if (!configured().autoMemory) return;
      const id = sessionId(ctx);
      pending.push({
        host: "pi",
        at: now().toISOString(),
        cwd: ctx.cwd,
        ...(id ? { session_id: id } : {}),
        ...work,
      });
      setImmediate(drain);
    };
    const drain = () => {
      if (pending.length === 0 || !config) return;
      try {
        const home = homeOf(config);
        enqueue(home, pending.splice(0));
        // A running server's learner takes the work; else a detached one (started now: pi may be exiting).
        if (serverLive(home)) void kickLearner(home, config.brainPath);
        else startLearner(home, config.brainPath);
      } catch (e) {
        process.stderr.write(`brain: could not queue extraction work: ${(e as Error).message}\n`);
      }
    };

    registerPiTools(pi, open);
    registerPiCommand(pi, open);

    /** What the background learner stored since the last turn, as a notification (taken once). */
    const notifyLearned = (ctx: PiContext) => {
      const home = homeOf(configured());
      if (!existsSync(noticeFile(home))) return;
      const n = takeNotice(home);
      const text = n ? noticeText(n) : "";
      if (text) ctx.ui?.notify(text, "info");
    };

    pi.on("before_agent_start", (event, ctx) => {
      const cwd = event.systemPromptOptions?.cwd ?? ctx.cwd;
      try {
        notifyLearned(ctx);
        const b = open(cwd);
        // Context files pi already put in the prompt (AGENTS.md, CLAUDE.md) are not repeated.
        const root = repoRoot(cwd);
        const native = (event.systemPromptOptions?.contextFiles ?? []).map((f) =>
          relative(root, resolve(cwd, f.path)),
        );
        // The session's own last user message and error in the working context (pi's session id, when it has one).
        const session = ctx.sessionManager?.getSessionId?.();
        const ctxText = hostContext(b, {
          cwd,
          header: HEADER,
          excludeRules: native,
          ...(session ? { session } : {}),
        });
        const m = b.promptMemories(event.prompt ?? "", { exclude: ctxText.injectedIds });
        const relevant = m.text ? `\n\n${m.text}` : "";
        if (!ctxText.text && !relevant) return undefined;
        return { systemPrompt: `${event.systemPrompt}\n\n${ctxText.text || HEADER}${relevant}` };
      } catch (e) {
        // An unreachable team server is said once a session, then the agent runs without memories.
        if (teamStoreUnavailable(e)) {
          if (!saidOffline) ctx.ui?.notify("brain: the team server is unreachable; no memories", "info");
          saidOffline = true;
        } else ctx.ui?.notify(`brain: context unavailable: ${(e as Error).message}`, "warning");
        return undefined;
      }
    });

    pi.on("agent_end", (event, ctx) => {
      queue(ctx, { event: "agent_end", messages: messagesText(event.messages) });
    });

    pi.on("session_before_compact", (event, ctx) => {
      const p = event.preparation;
      queue(ctx, {
        event: "session_before_compact",
        messages: messagesText([...(p?.messagesToSummarize ?? []), ...(p?.turnPrefixMessages ?? [])]),
      });
      return undefined; // never cancels or replaces pi's own compaction
    });

    /** A tool call, captured once into the tool-event log (src/hooks/tool-events.ts): capped, redacted. */
    pi.on("tool_result", (event, ctx) => {
      try {
        const c = configured();
        if (!c.autoMemory) return undefined;
        appendToolEvents(c, [piToolEvent(event, ctx, c, now())]);
      } catch (e) {
        process.stderr.write(`brain: could not record a tool event: ${(e as Error).message}\n`);
      }
      return undefined; // never changes the result
    });

    pi.on("session_shutdown", () => {
      drain();
      brain?.close();
    });
  };
}

export default createBrainExtension();
