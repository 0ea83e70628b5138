import * as fs from "node:fs";
import { join } from "node:path";
import { listBrainFiles } from "../brainfiles/read.ts";
import { sha256 } from "./opportunities.ts";
import { canonicalRank } from "./policy.ts";
import type { ProposalDraft } from "./proposals.ts";

/**
 * The dedup scan (seed 004 §3.8; daily while the resident server runs, or `brain improve --dedup`): the same
 * line in several brain files stays in the one with the lowest canonical rank (the policy table's
 * CANONICAL_RANK: SOUL 0, AGENTS 1, TOOLS 2, CODE 3, SECURITY 4, MEMORY 5, USER 6, everything else last; a
 * tie goes to the name first in order), and each other copy gets a removal proposal — a removal goes through
 * the rewrite path, with its cleanup intent, and only on the user's accept. Headings, the `Owns` line,
 * frontmatter and short lines (under MIN_CHARS) are not compared; lines compare trimmed, bullets and case aside.
 */
const MIN_CHARS = 12;

export interface Duplicate {
  line: string;
  keeper: string;
  copies: { file: string; line: number; text: string }[];
}

export function normaliseLine(l: string): string {
  return l
    .trim()
    .replace(/^([-*+]|\d+[.)])\s+/, "")
    .replace(/\s+/g, " ")
    .toLowerCase();
}

/** The comparable lines of a brain file's text: number (1-based) and text. */
function lines(text: string): { n: number; text: string }[] {
  const all = text.split("\n");
  let i = 0;
  if (all[0]?.trim() === "---") {
    i = all.findIndex((l, k) => k > 0 && l.trim() === "---") + 1;
    if (i <= 0) i = 0;
  }
  const out: { n: number; text: string }[] = [];
  for (; i < all.length; i++) {
    const t = (all[i] as string).trim();
    if (t.length < MIN_CHARS || t.startsWith("#") || /^>\s*\*\*owns:?\*\*/i.test(t) || t.startsWith("```"))
      continue;
    out.push({ n: i + 1, text: all[i] as string });
  }
  return out;
}

export function findDuplicates(dir: string): Duplicate[] {
  const seen = new Map<string, { file: string; line: number; text: string }[]>();
  for (const f of listBrainFiles(dir)) {
    let text: string;
    try {
      text = fs.readFileSync(join(dir, f.name), "utf8");
    } catch {
      continue;
    }
    const mine = new Set<string>();
    for (const l of lines(text)) {
      const k = normaliseLine(l.text);
      if (mine.has(k)) continue;
      mine.add(k);
      seen.set(k, [...(seen.get(k) ?? []), { file: f.name, line: l.n, text: l.text }]);
    }
  }
  const out: Duplicate[] = [];
  for (const [k, copies] of seen) {
    if (copies.length < 2) continue;
    const sorted = [...copies].sort(
      (a, b) => canonicalRank(a.file) - canonicalRank(b.file) || a.file.localeCompare(b.file),
    );
    out.push({ line: k, keeper: (sorted[0] as { file: string }).file, copies: sorted.slice(1) });
  }
  return out;
}

/** A removal proposal for every copy outside the keeper. */
export function removalDrafts(dups: Duplicate[]): ProposalDraft[] {
  return dups.flatMap((d) =>
    d.copies.map((c) => {
      const hash = sha256(`dedup\u0000${c.file}\u0000${d.line}`);
      return {
        kind: "removal" as const,
        target: c.file,
        scope: "brain" as const,
        title: `remove a line ${c.file} shares with ${d.keeper}`,
        text: c.text,
        issue: "duplicate" as const,
        why: `the same line is in ${d.keeper} (canonical rank ${canonicalRank(d.keeper)}), which keeps it`,
        evidence: [{ line: c.line, at: "", text: `${c.file}:${c.line}: ${c.text.trim()}` }],
        opportunity: { hash, kind: "dedup" },
        source: "dedup" as const,
        drafter: "rule" as const,
        cleanupIntent: `dedup scan: the same line is kept in ${d.keeper}`,
      };
    }),
  );
}
