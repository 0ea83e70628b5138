/** OpenAI strict structured outputs' schema rules, checked (test/learn/strict-schema.test.ts, headless-hosts.test.ts). */
/** Where a schema breaks strict mode's rules ("path: why"), empty when it keeps them. */
export function strictViolations(node: unknown, path = "$"): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => strictViolations(n, `${path}[${i}]`));
  if (!node || typeof node !== "object") return [];
  const o = node as Record<string, unknown>;
  const out: string[] = [];
  for (const k of ["oneOf", "minLength", "maxLength", "pattern", "default", "format"])
    if (k in o) out.push(`${path}: ${k}`);
  if (o.properties && typeof o.properties === "object") {
    const keys = Object.keys(o.properties).sort();
    const req = [...((o.required as string[]) ?? [])].sort();
    if (JSON.stringify(keys) !== JSON.stringify(req)) out.push(`${path}: required ${req} ≠ ${keys}`);
    if (o.additionalProperties !== false) out.push(`${path}: additionalProperties not false`);
    for (const [p, s] of Object.entries(o.properties)) out.push(...strictViolations(s, `${path}.${p}`));
  }
  for (const [k, v] of Object.entries(o))
    if (k !== "properties" && k !== "enum" && typeof v === "object")
      out.push(...strictViolations(v, `${path}.${k}`));
  return out;
}
