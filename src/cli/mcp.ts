import { type GlobalOpts, openBrain } from "./open.ts";

/** `brain mcp`: serve the brain over MCP on stdio (for Claude Code, Cursor, any MCP client). */
export async function runMcp(g: GlobalOpts): Promise<number> {
  // A client may write its first memory through the server: a brain that is not there starts empty.
  const { brain } = openBrain(g, { create: true });
  const { serveStdio } = await import("../mcp/stdio.ts");
  await serveStdio(brain);
  return 0;
}
