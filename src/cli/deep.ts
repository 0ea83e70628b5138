import * as path from "node:path";
import { BrainError } from "../core/errors.ts";
import type { DeepFormat } from "../deep/export.ts";
import { homeOf } from "../engine/options.ts";
import { cliConfig } from "./cli-config.ts";
import { type GlobalOpts, openBrain } from "./open.ts";
import { print, printJson } from "./output.ts";

export interface DeepExportOpts extends GlobalOpts {
  format?: string;
  since?: string;
  out?: string;
  seed?: string;
}

/**
 * `brain deep export [--format openai|mlx] [--since <date>] [--out <dir>]`: the curated memories as chat-format
 * training data (src/deep/export.ts) — by default into the brain's `.brain/deep/`, or `deep.out` of the settings.
 */
export async function runDeepExport(o: DeepExportOpts): Promise<number> {
  const config = cliConfig(o.brain, o.cwd);
  const format = (o.format ?? config.deep.format) as DeepFormat;
  const { DEEP_FORMATS, exportDataset } = await import("../deep/export.ts");
  if (!DEEP_FORMATS.includes(format))
    throw new BrainError("INVALID", `--format must be one of: ${DEEP_FORMATS.join(", ")} (got "${format}")`, {
      field: "format",
    });
  if (o.since !== undefined && Number.isNaN(Date.parse(o.since)))
    throw new BrainError("INVALID", `--since must be a date (got "${o.since}")`, { field: "since" });
  const { brain } = openBrain(o);
  brain.refresh();
  const entries = [...brain.state.live()].map(
    (r) => r.entry as unknown as Parameters<typeof exportDataset>[0]["entries"][number],
  );
  const proposals = brain.core.home ? await brain.improve.proposals("all") : [];
  const cwd = o.cwd ?? process.cwd();
  const out = o.out
    ? path.resolve(cwd, o.out)
    : config.deep.out
      ? path.resolve(cwd, config.deep.out)
      : homeOf(config).file("deep");
  const m = await exportDataset({
    entries,
    proposals,
    format,
    ...(o.since ? { since: o.since } : {}),
    ...(o.seed ? { seed: o.seed } : {}),
    out,
    now: brain.now(),
  });
  if (o.json) printJson({ ok: true, dir: out, manifest: m });
  else
    print(
      [
        `Exported ${m.examples} example(s) (${format}) to ${out}: ${m.files.map((f) => `${f.name} ${f.lines}`).join(", ")}.`,
        `Sources: ${
          Object.entries(m.bySource)
            .map(([k, v]) => `${k} ${v}`)
            .join(", ") || "none"
        }; ${m.duplicates} duplicate(s) and ${m.secretsDropped} with a secret left out.`,
        ...m.warnings.map((w) => `Note: ${w}.`),
      ].join("\n"),
    );
  return 0;
}
