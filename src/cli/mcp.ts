import { type GlobalOpts, openBrain } from "./open.ts";

/** `brain mcp`: serve the brain over MCP on stdio (for Claude Code, Cursor, any MCP client). */
export async function runMcp(g: GlobalOpts): Promise<number> {
  const { brain } = openBrain(g);
  const { serveStdio } = await import("../mcp/stdio.ts");
  await serveStdio(brain);
  return 0;
}
