import { asBrainError, type BrainErrorCode } from "../core/errors.ts";

/** How every agent-facing surface words an error: `INVALID (field "type"): unknown type "x" (valid: …)`. */
export interface DescribedError {
  code: BrainErrorCode;
  field: string | undefined;
  message: string;
  text: string;
}

export function describeError(err: unknown): DescribedError {
  const e = asBrainError(err);
  const field = typeof e.details?.field === "string" ? e.details.field : undefined;
  return {
    code: e.code,
    field,
    message: e.message,
    text: `${e.code}${field ? ` (field "${field}")` : ""}: ${e.message}`,
  };
}
