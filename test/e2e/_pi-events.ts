/**
 * A pi extension for the e2e lane only: appends the name of each lifecycle event the brain extension
 * listens to, as pi fires it, to the file named by BRAIN_E2E_PI_EVENTS (so a test can see that a headless
 * pi really fired `agent_end` and `session_shutdown`).
 */
import { appendFileSync } from "node:fs";

const EVENTS = ["before_agent_start", "agent_end", "session_before_compact", "session_shutdown"];

export default function recordEvents(pi: { on: (event: string, handler: () => undefined) => void }): void {
  const file = process.env.BRAIN_E2E_PI_EVENTS;
  if (!file) return;
  for (const name of EVENTS) pi.on(name, () => void appendFileSync(file, `${name}\n`));
}
