import type { Settings } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import type { Params } from "../core/params.ts";

let secretsModule: Promise<typeof import("./secrets.ts")> | undefined;
const loadSecrets = () => {
  secretsModule ??= import("./secrets.ts");
  return secretsModule;
};

/**
 * Size limit and secret policy for every value a write would store (mutates when redacting): text fields,
 * and nested values too — a secret inside `tags` or an extra object is found, and a non-string value is
 * measured by its JSON length — for adds, updates, removal reasons and reminder errors alike.
 */
export async function guardWrite(p: Params, settings: Settings): Promise<void> {
  const fields = Object.entries(p).filter(
    ([k, v]) => v !== undefined && !["action", "type", "id"].includes(k),
  );
  for (const [field, value] of fields) {
    let size: number;
    try {
      size = typeof value === "string" ? value.length : (JSON.stringify(value)?.length ?? 0);
    } catch {
      throw new BrainError("INVALID", `field "${field}" is not JSON data`, { field });
    }
    if (size > settings.maxEntryChars) {
      throw new BrainError(
        "INVALID",
        `field "${field}" is ${size} characters${typeof value === "string" ? "" : " as JSON"}; the limit is ${settings.maxEntryChars} (maxEntryChars in config)`,
        { field },
      );
    }
  }
  if (settings.secrets === "allow") return;
  const { findSecrets, redact } = await loadSecrets();
  const redacting = settings.secrets === "redact";
  /** The value with every secret in its strings redacted (same value when there is none), or a refusal. */
  const scrub = async (field: string, value: unknown): Promise<unknown> => {
    if (typeof value === "string") {
      const found = await findSecrets(value);
      if (found.length === 0) return value;
      if (redacting) return redact(value, found);
      const kinds = [...new Set(found.map((f) => f.kind))].join(", ");
      throw new BrainError(
        "INVALID",
        `refused: field "${field}" looks like it contains a secret (${kinds}). Remove it, or set "secrets": "redact" in the config to store it redacted.`,
        { field, secret: kinds },
      );
    }
    if (value === null || typeof value !== "object") return value;
    const entries: [string, unknown][] = [];
    let changed = false;
    for (const [k, v] of Object.entries(value)) {
      const next = await scrub(field, v);
      changed ||= next !== v;
      entries.push([k, next]);
    }
    if (!changed) return value;
    return Array.isArray(value) ? entries.map((e) => e[1]) : Object.fromEntries(entries);
  };
  for (const [field, value] of fields) p[field] = await scrub(field, value);
}
