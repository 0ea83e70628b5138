import type { Assembled, Block } from "./types.ts";

export type ContextFormat = "text" | "anthropic" | "openai" | "json";
export const FORMATS: readonly ContextFormat[] = ["text", "anthropic", "openai", "json"];

/** Anthropic system blocks; `cache_control` marks the end of the stable (cacheable) prefix. */
export function toAnthropic(a: Assembled): {
  system: { type: "text"; text: string; cache_control?: { type: "ephemeral" } }[];
} {
  const lastStable = a.blocks.map((b) => b.cacheable).lastIndexOf(true);
  return {
    system: a.blocks.map((b, i) => ({
      type: "text" as const,
      text: b.text,
      ...(i === lastStable ? { cache_control: { type: "ephemeral" as const } } : {}),
    })),
  };
}

/** OpenAI messages: the stable prefix in its own system message, so prefix caching hits across turns. */
export function toOpenAI(a: Assembled): { messages: { role: "system"; content: string }[] } {
  const stable = a.blocks.filter((b) => b.cacheable);
  const volatile = a.blocks.filter((b) => !b.cacheable);
  const join = (bs: Block[]) => bs.map((b) => b.text).join("\n\n");
  return {
    messages: [stable, volatile]
      .filter((bs) => bs.length > 0)
      .map((bs) => ({ role: "system" as const, content: join(bs) })),
  };
}

export function toJson(a: Assembled) {
  return {
    text: a.text,
    tokens: a.tokens,
    budget: a.budget,
    fileBudget: a.fileBudget,
    fileCuts: a.fileCuts,
    blocks: a.blocks,
    injectedIds: a.injectedIds,
  };
}

/** `--explain`: every entry or line kept or cut, with section, score and budget left. */
export function explain(a: Assembled): string {
  const files = a.fileBudget > 0 ? ` + ${a.fileBudget} for brain files` : "";
  const out = [`budget ${a.budget} tokens${files}, used ${a.tokens}`];
  for (const c of a.fileCuts)
    out.push(
      `file  ${c.file}: ${c.keptLines === 0 ? "left out" : `cut to ${c.keptLines}`} of ${c.totalLines} lines (${
        a.fileBudget > 0 ? "brain-file allowance" : "budget"
      } full; load_brain_file ${c.file} reads it)`,
    );
  for (const k of a.kept) {
    const score = k.score !== undefined ? ` score=${k.score}` : "";
    out.push(
      `kept  ${k.section.padEnd(22)} ${(k.entryId ?? "-").padEnd(10)}${score} left=${k.budgetLeft}  ${k.label}`,
    );
  }
  for (const c of a.cuts) {
    const score = c.score !== undefined ? ` score=${c.score}` : "";
    out.push(
      `cut   ${c.section.padEnd(22)} ${(c.entryId ?? "-").padEnd(10)}${score} reason=${c.reason}  ${c.label}`,
    );
  }
  return out.join("\n");
}
