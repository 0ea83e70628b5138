import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { asBrainError } from "../core/errors.ts";
import { describeError } from "../tools/describe-error.ts";

/** The one place the MCP surface maps errors: tool calls get `isError` results, reads get protocol errors. */

/** JSON-RPC code for "resource not found" (MCP spec). */
const RESOURCE_NOT_FOUND = -32002;

export interface ToolErrorResult {
  [k: string]: unknown;
  isError: true;
  content: { type: "text"; text: string }[];
}

/** `INVALID (field "type"): unknown type "x" (valid: …)` — the code, the field when known, the message. */
export function toolError(err: unknown): ToolErrorResult {
  return { isError: true, content: [{ type: "text", text: describeError(err).text }] };
}

/** Run a tool body; any error becomes an `isError` result, so one bad call never takes the server down. */
export async function guard<T>(fn: () => T | Promise<T>): Promise<T | ToolErrorResult> {
  try {
    return await fn();
  } catch (err) {
    return toolError(err);
  }
}

/** Errors of resource reads and prompts, as JSON-RPC errors the client can show. */
export function protocolError(err: unknown): McpError {
  if (err instanceof McpError) return err;
  const e = asBrainError(err);
  const code =
    e.code === "NOT_FOUND"
      ? RESOURCE_NOT_FOUND
      : e.code === "INVALID"
        ? ErrorCode.InvalidParams
        : ErrorCode.InternalError;
  return new McpError(code, e.message, e.details);
}

export function rethrow(err: unknown): never {
  throw protocolError(err);
}
