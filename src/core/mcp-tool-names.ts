/**
 * The tools `brain mcp` serves (src/mcp/tools.ts registers each), named where the CLI's help needs them without
 * loading the MCP SDK; test/cli/help-truth.test.ts checks this list against what the server lists.
 */
export const MCP_TOOL_NAMES = [
  "brain",
  "brain_context",
  "brain_search",
  "brain_inbox",
  "brain_proposals",
  "brain_graph",
  "brain_mind",
  "load_brain_file",
  "write_brain_file",
] as const;
