/**
 * False positives of the prose-credential guard (src/guards/prose.ts, issue 23) on ordinary text nobody here
 * wrote: every turn of LoCoMo's ten conversations (people chatting, no credentials), and every prose line of
 * this repository's Markdown (docs full of the words "password", "token", "key"). Prints the counts and each
 * flagged text, so a reader can judge them. The baseline in the same run: the key-shaped detectors alone.
 *
 *   node --import tsx bench/learn/prose-fp.ts [--dataset ../shared/data/locomo/locomo10.json]
 */
import * as fs from "node:fs";
import { join, resolve } from "node:path";
import { detectShapes } from "../../src/guards/detectors.ts";
import { detectProse } from "../../src/guards/prose.ts";

const i = process.argv.indexOf("--dataset");
const dataset = resolve(i >= 0 ? (process.argv[i + 1] as string) : "../../shared/data/locomo/locomo10.json");

function locomoTurns(): string[] {
  if (!fs.existsSync(dataset)) return [];
  const out: string[] = [];
  for (const sample of JSON.parse(fs.readFileSync(dataset, "utf8")) as {
    conversation: Record<string, unknown>;
  }[])
    for (const [k, v] of Object.entries(sample.conversation))
      if (/^session_\d+$/u.test(k) && Array.isArray(v))
        for (const t of v as { text?: string }[]) if (t.text) out.push(t.text);
  return out;
}

function markdownLines(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name.startsWith(".") || e.name === "dist") continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".md"))
        for (const l of fs.readFileSync(p, "utf8").split("\n"))
          if (/[a-z]{3,} [a-z]{3,}/u.test(l) && !l.startsWith("    ")) out.push(l);
    }
  };
  walk(resolve("."));
  return out;
}

for (const [name, texts] of [
  ["LoCoMo turns", locomoTurns()],
  ["repository Markdown prose lines", markdownLines()],
] as const) {
  const prose = texts.filter((t) => detectProse(t).length > 0);
  const shapes = texts.filter((t) => detectShapes(t).length > 0 && detectProse(t).length === 0);
  console.log(
    `${name}: ${texts.length} texts; prose guard flags ${prose.length} (${((100 * prose.length) / Math.max(1, texts.length)).toFixed(2)} %); key-shaped detectors alone flag ${shapes.length} more`,
  );
  for (const t of prose.slice(0, 20)) console.log(`   prose: ${t.slice(0, 160)}`);
}
