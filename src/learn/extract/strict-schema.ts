/**
 * A JSON Schema rewritten into the subset OpenAI's strict structured outputs accept — what Codex's
 * `--output-schema` sends (`"strict": true`; src/learn/extract/headless-codex.ts). Strict mode rejects a schema
 * (HTTP 400, so every call would fail) unless every object lists every property in `required` and sets
 * `additionalProperties: false`; an optional property becomes required-but-nullable, and the null is dropped
 * from the answer again (`dropNulls`) before the zod schema — which still enforces the bounds removed here
 * (lengths, patterns) — checks it. `oneOf` becomes `anyOf`, `const` a one-value `enum`.
 */
const DROPPED = new Set(["minLength", "maxLength", "pattern", "default", "format"]);

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => Boolean(v) && typeof v === "object" && !Array.isArray(v);

function nullable(s: unknown): unknown {
  if (isNode(s) && Array.isArray(s.anyOf)) {
    const branches = s.anyOf as unknown[];
    return branches.some((b) => isNode(b) && b.type === "null")
      ? s
      : { ...s, anyOf: [...branches, { type: "null" }] };
  }
  return { anyOf: [s, { type: "null" }] };
}

export function strictSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictSchema);
  if (!isNode(node)) return node;
  const out: Node = {};
  for (const [k, v] of Object.entries(node)) {
    if (DROPPED.has(k)) continue;
    if (k === "oneOf") out.anyOf = strictSchema(v);
    else if (k === "const") out.enum = [v];
    else if (k === "properties" && isNode(v))
      out.properties = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, strictSchema(s)]));
    else if (k === "enum" || k === "required") out[k] = v;
    else out[k] = strictSchema(v);
  }
  if (isNode(out.properties)) {
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    const props = out.properties;
    for (const p of Object.keys(props)) if (!required.has(p)) props[p] = nullable(props[p]);
    out.required = Object.keys(props);
    out.additionalProperties = false;
  }
  return out;
}

/** The answer without the nulls strict mode made the model write for properties it had nothing for. */
export function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (!isNode(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, dropNulls(v)]),
  );
}
