import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { asBrainError, BrainError, type BrainErrorCode } from "../core/errors.ts";

/** BrainError codes → HTTP statuses and the API's lower-case codes, in one place. */
const STATUS: Record<BrainErrorCode, [ContentfulStatusCode, string]> = {
  INVALID: [400, "invalid"],
  NOT_FOUND: [404, "not_found"],
  DUPLICATE: [409, "conflict"],
  LOCKED: [423, "locked"],
  CONFIG: [500, "config"],
  IO: [500, "io"],
  INTERNAL: [500, "internal"],
};

export interface ApiError {
  error: { code: string; message: string; issues?: unknown };
}

export function errorBody(code: string, message: string, issues?: unknown): ApiError {
  return { error: { code, message, ...(issues !== undefined ? { issues } : {}) } };
}

/** A refusal before any route ran: the error body, and the connection closed after it (an unread body is not read). */
export function refuse(c: Context, status: ContentfulStatusCode, code: string, message: string): Response {
  c.header("Connection", "close");
  return c.json(errorBody(code, message), status);
}

/** Any thrown value as the API's error answer. */
export function errorResponse(c: Context, err: unknown): Response {
  const e = asBrainError(err);
  const [status, code] = STATUS[e.code];
  return c.json(errorBody(code, e.message, e.details?.issues), status);
}

/** Parse a body or query with zod; a mismatch is INVALID with zod's issues (400 with `issues`). */
export function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  throw new BrainError(
    "INVALID",
    `invalid ${what}: ${first ? `${first.path || "(root)"}: ${first.message}` : ""}`,
    {
      issues,
    },
  );
}

/** The request's JSON body (an unparseable one is INVALID). */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new BrainError("INVALID", `body is not JSON: ${(e as Error).message}`);
  }
}
