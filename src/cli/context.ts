import {
  type ContextFormat,
  explain,
  FORMATS,
  toAnthropic,
  toJson,
  toOpenAI,
} from "../core/budget/render.ts";
import { BrainError } from "../core/errors.ts";
import { approxTokens } from "../core/text.ts";
import { type GlobalOpts, openBrain } from "./open.ts";
import { print, printJson, warn } from "./output.ts";

export interface ContextOpts extends GlobalOpts {
  budget?: string;
  format?: string;
  compat?: string;
  explain?: boolean;
  files?: string;
  include?: string;
  query?: string;
  recover?: boolean;
  /** Batch mode: a file with one query per line. */
  queries?: string;
}

function list(v: string | undefined): string[] {
  return v
    ? v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

/** `brain context`: the assembled context in the requested format, or Rho's exact prompt with --compat rho. */
export async function runContext(o: ContextOpts): Promise<number> {
  const budget = o.budget === undefined ? undefined : Number(o.budget);
  if (budget !== undefined && (!Number.isInteger(budget) || budget <= 0)) {
    throw new BrainError("INVALID", `--budget must be a positive whole number of tokens (got "${o.budget}")`);
  }
  const format = (o.json ? "json" : (o.format ?? "text")) as ContextFormat;
  if (!FORMATS.includes(format))
    throw new BrainError("INVALID", `--format must be one of: ${FORMATS.join(", ")}`);
  if (o.compat !== undefined && o.compat !== "rho")
    throw new BrainError("INVALID", `--compat supports only "rho"`);
  const { brain } = openBrain(o);
  if (o.compat === "rho") {
    const r = brain.rhoPrompt({ ...(o.cwd ? { cwd: o.cwd } : {}), ...(budget ? { budget } : {}) });
    const tokens = approxTokens(r.text);
    if (format === "json")
      printJson({
        text: r.text,
        tokens,
        budget: budget ?? brain.settings.promptBudget,
        injectedIds: r.injectedIds,
      });
    else if (r.text) print(r.text);
    return 0;
  }
  if (o.queries !== undefined) {
    if (format !== "json") throw new BrainError("INVALID", "--queries needs --format json");
    const { runBatch } = await import("./context-batch.ts");
    runBatch(brain, o.queries, {
      ...(o.cwd ? { cwd: o.cwd } : {}),
      ...(budget ? { budget } : {}),
      files: list(o.files),
      include: list(o.include),
    });
    return 0;
  }
  const r = brain.context({
    ...(o.cwd ? { cwd: o.cwd } : {}),
    ...(budget ? { budget } : {}),
    ...(o.query ? { query: o.query } : {}),
    files: list(o.files),
    include: list(o.include),
    recover: Boolean(o.recover),
    explain: Boolean(o.explain),
  });
  if (o.explain) {
    print(explain(r));
  } else if (format === "json") printJson(toJson(r));
  else if (format === "anthropic") printJson(toAnthropic(r));
  else if (format === "openai") printJson(toOpenAI(r));
  else if (r.text) print(r.text);
  for (const p of r.problems) warn(`brain: ${p.file}:${p.line}: ${p.message}`);
  brain.recordRecent(r.used);
  return 0;
}
