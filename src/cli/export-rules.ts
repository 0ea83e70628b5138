import { BrainError } from "../core/errors.ts";
import { exportRules, isRuleFormat, RULE_FORMATS } from "../project/export-rules.ts";
import { type GlobalOpts, openBrain } from "./open.ts";
import { print, printJson } from "./output.ts";

export interface ExportRulesOpts extends GlobalOpts {
  format?: string;
  out?: string;
  budget?: string;
  dryRun?: boolean;
  all?: boolean;
}

/** `brain export-rules --format agents|claude|cursor|gemini|copilot [--out FILE] [--dry-run]`. */
export async function runExportRules(o: ExportRulesOpts): Promise<number> {
  const format = o.format ?? "";
  if (!isRuleFormat(format)) {
    throw new BrainError("INVALID", `--format must be one of: ${Object.keys(RULE_FORMATS).join(", ")}`, {
      field: "format",
    });
  }
  const budget = o.budget === undefined ? undefined : Number(o.budget);
  if (budget !== undefined && (!Number.isInteger(budget) || budget <= 0)) {
    throw new BrainError("INVALID", `--budget must be a positive whole number of tokens (got "${o.budget}")`);
  }
  const { brain } = openBrain(o);
  const cwd = o.cwd ?? process.cwd();
  const r = exportRules(brain, {
    format,
    cwd,
    ...(o.out ? { out: o.out } : {}),
    ...(budget ? { budget } : {}),
    dryRun: Boolean(o.dryRun),
    all: Boolean(o.all),
  });
  if (o.json)
    printJson({ ok: true, file: r.file, format: r.format, changed: r.changed, dryRun: Boolean(o.dryRun) });
  else if (o.dryRun) print(r.content);
  else print(r.changed ? `Wrote the brain's rules to ${r.file}` : `${r.file} is up to date`);
  return 0;
}
