/** Shared by the learning-loop tests: a git project in the sandbox and Claude Code transcript records. */
import * as fs from "node:fs";
import { join } from "node:path";
import { enqueue } from "../../src/learn/queue.ts";
import { BrainHome } from "../../src/store/home.ts";
import type { Sandbox } from "../support/cli.ts";
import type { FakeLlm } from "../support/fake-llm.ts";

export const S1 = "11111111-0000-4000-8000-000000000001";
export const S2 = "22222222-0000-4000-8000-000000000002";

/** A git project with a subdirectory the session runs in (its project is the repo root). */
export function project(sb: Sandbox): { root: string; cwd: string } {
  const root = join(sb.dir, "shop");
  fs.mkdirSync(join(root, ".git"), { recursive: true });
  fs.mkdirSync(join(root, "api"), { recursive: true });
  return { root, cwd: join(root, "api") };
}

let uuid = 0;
/** Claude Code transcript records: a user or assistant message (`text`), with the fields Claude Code writes. */
export function turn(session: string, role: "user" | "assistant", text: string, cwd: string): string {
  uuid++;
  const content = role === "user" ? text : [{ type: "text", text }];
  return `${JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    cwd,
    sessionId: session,
    type: role,
    message: { role, content },
    uuid: `uuid-${uuid}`,
    timestamp: "2026-03-02T10:00:00.000Z",
  })}\n`;
}

export const stopInput = (transcript: string, cwd: string, session = S1) => ({
  session_id: session,
  transcript_path: transcript,
  cwd,
  hook_event_name: "Stop",
  stop_hook_active: false,
});

/**
 * Queue a transcript as the Stop hook would, without starting a background learner (the test runs its own):
 * into the home of `brain` (a brain.jsonl path, or a home — a team store's local directory).
 */
export function queueTranscript(
  brain: string | BrainHome,
  transcript: string,
  cwd: string,
  session = S1,
): void {
  const home = typeof brain === "string" ? BrainHome.ofLog(brain) : brain;
  enqueue(home, [
    {
      host: "claude",
      event: "stop",
      at: "2026-03-02T10:00:00.000Z",
      session_id: session,
      transcript_path: transcript,
      cwd,
    },
  ]);
}

/** The settings file that points the learner at a fake OpenAI-compatible server; its env patch. */
export function withModel(
  sb: Sandbox,
  fake: FakeLlm,
  extra: Record<string, unknown> = {},
): Record<string, string> {
  const file = join(sb.dir, "config.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      extraction: { provider: "openai", baseUrl: fake.baseUrl, model: "tiny", maxRetries: 0, ...extra },
    }),
  );
  return { BRAIN_CONFIG: file };
}

/** A `turn` record whose line is exactly `bytes` long (newline not counted): `text` padded with "x". */
export function turnOfBytes(
  session: string,
  role: "user" | "assistant",
  text: string,
  bytes: number,
  cwd: string,
): string {
  const bare = turn(session, role, text, cwd);
  const pad = bytes - (Buffer.byteLength(bare) - 1);
  if (pad < 0) throw new Error(`a ${role} turn "${text}" needs more than ${bytes} bytes`);
  // The counter in `turn` gives each record its own uuid: rebuild with the padding and the same uuid.
  const rec = JSON.parse(bare) as { message: { content: unknown } };
  const padded = `${text}${"x".repeat(pad)}`;
  rec.message.content = role === "user" ? padded : [{ type: "text", text: padded }];
  const line = `${JSON.stringify(rec)}\n`;
  if (Buffer.byteLength(line) - 1 !== bytes) throw new Error("turnOfBytes: length mismatch");
  return line;
}

/** A settings file with the extraction model (when given) and the learner's caps; its env patch. */
export function withSettings(sb: Sandbox, settings: Record<string, unknown>): Record<string, string> {
  const file = join(sb.dir, "config.json");
  fs.writeFileSync(file, JSON.stringify(settings));
  return { BRAIN_CONFIG: file };
}
