import { filler, prng } from "./filler.ts";

/**
 * Long-turn variants of LoCoMo, built in memory from the shared file (nothing is written to the repo):
 *   original  — the data as it is (turns of median ~109 characters);
 *   merged    — each window of MERGE_WINDOW adjacent turns of a session becomes one message per speaker
 *               (their turns joined in order), so every message holds several turns (~4);
 *   assistant — each turn wrapped in FILLER_MIN–FILLER_MAX characters of generic agent-transcript text
 *               before and after it (seeded), so the answer sits inside a long message.
 * Every original turn id maps to the message that now holds it and to the turn's own text (`core`), which
 * is what the visibility rules in visible.ts look for. Questions and answers are left untouched.
 */
export const VARIANTS = ["original", "merged", "assistant"] as const;
export type Variant = (typeof VARIANTS)[number];

export const MERGE_WINDOW = 8;
export const FILLER_MIN = 150;
export const FILLER_MAX = 450;

export interface LocomoTurn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}
export interface LocomoSample {
  sample_id: string;
  conversation: Record<string, unknown>;
  qa: { question: string; category: number; evidence: unknown; answer?: unknown }[];
}

export interface Located {
  /** Turn id (dia_id) of the message holding the original turn in this variant. */
  dia: string;
  /** The original turn's text, image caption included, as the importer builds it. */
  core: string;
}

export interface Built {
  sample: LocomoSample;
  /** Original dia_id → where that turn is now. */
  turns: Map<string, Located>;
  /** Generic text added by the variant (to check that it carries no answers). */
  added: string[];
}

/** Evidence ids as written, tolerating the dataset's few malformed ones ("D8:6; D9:17", "D:11:26"). */
export function evidenceIds(evidence: unknown): string[] {
  const text = Array.isArray(evidence) ? evidence.join(" ") : String(evidence ?? "");
  return [...text.matchAll(/D\s*:?\s*(\d+)\s*:\s*(\d+)/g)].map((m) => `D${m[1]}:${m[2]}`);
}

/** A turn's text as `brain ingest --format locomo` keeps it: text, then the image caption. */
export function turnBody(t: LocomoTurn): string {
  const caption = typeof t.blip_caption === "string" && t.blip_caption ? ` [image: ${t.blip_caption}]` : "";
  return `${String(t.text ?? "").trim()}${caption}`.trim();
}

function sessionKeys(conv: Record<string, unknown>): string[] {
  return Object.keys(conv).filter((k) => /^session_\d+$/.test(k) && Array.isArray(conv[k]));
}

export function buildVariant(sample: LocomoSample, variant: Variant, seed: number): Built {
  const conv: Record<string, unknown> = { ...sample.conversation };
  const turns = new Map<string, Located>();
  const added: string[] = [];
  const r = prng(seed);
  for (const key of sessionKeys(conv)) {
    const list = conv[key] as LocomoTurn[];
    const n = key.slice("session_".length);
    if (variant === "original") {
      for (const t of list) turns.set(t.dia_id, { dia: t.dia_id, core: turnBody(t) });
      continue;
    }
    const out: LocomoTurn[] = [];
    if (variant === "assistant") {
      for (const t of list) {
        const core = turnBody(t);
        const span = FILLER_MAX - FILLER_MIN;
        const before = filler(r, FILLER_MIN + Math.floor(r() * span));
        const after = filler(r, FILLER_MIN + Math.floor(r() * span));
        added.push(before, after);
        out.push({ speaker: t.speaker, dia_id: t.dia_id, text: `${before}\n\n${core}\n\n${after}` });
        turns.set(t.dia_id, { dia: t.dia_id, core });
      }
    } else {
      for (let i = 0; i < list.length; i += MERGE_WINDOW) {
        const bySpeaker = new Map<string, LocomoTurn[]>();
        for (const t of list.slice(i, i + MERGE_WINDOW)) {
          const group = bySpeaker.get(t.speaker) ?? [];
          group.push(t);
          bySpeaker.set(t.speaker, group);
        }
        for (const [speaker, group] of bySpeaker) {
          const dia = `D${n}:${out.length + 1}`;
          out.push({ speaker, dia_id: dia, text: group.map(turnBody).join(" ") });
          for (const t of group) turns.set(t.dia_id, { dia, core: turnBody(t) });
        }
      }
    }
    conv[key] = out;
  }
  return { sample: { ...sample, conversation: conv }, turns, added };
}
