import * as fs from "node:fs";
import type { ContextRequest } from "../context/build.ts";
import { BrainError } from "../core/errors.ts";
import type { Brain } from "../engine/brain.ts";
import { writeOut } from "./output.ts";

/**
 * `brain context --format json --queries FILE`: one context per query line (blank lines skipped), in one
 * process, printed as JSON Lines `{"query","text","tokens","entryIds"}` in the order of the file.
 */
export function runBatch(brain: Brain, file: string, req: Partial<ContextRequest>): void {
  let text: string;
  try {
    text = file === "-" ? fs.readFileSync(0, "utf8") : fs.readFileSync(file, "utf8");
  } catch (err) {
    throw new BrainError("NOT_FOUND", `cannot read --queries file ${file}: ${(err as Error).message}`);
  }
  for (const line of text.split("\n")) {
    const query = line.replace(/\r$/, "").trim();
    if (!query) continue;
    const r = brain.context({ ...req, query });
    brain.recordRecent(r.used);
    writeOut(`${JSON.stringify({ query, text: r.text, tokens: r.tokens, entryIds: r.injectedIds })}\n`);
  }
}
