import { renderEpisode } from "../core/episode.ts";
import { oneLine } from "../core/one-line.ts";
import { dropBoilerplate, focusedPreview } from "./preview.ts";
import type { SearchHit } from "./types.ts";

/**
 * A turn's line beside a prompt, in at most `room` characters: its date and speaker, then the turn whole
 * when it fits, else — runs of boilerplate sentences left out (preview.ts) — the stretch that holds the most
 * of what the prompt asks, widened to the room.
 */
export function episodeLine(
  h: SearchHit,
  prompt: string,
  room: number,
  weight: (term: string) => number,
): string {
  const head = renderEpisode({ ...h.entry, text: "" }).slice(2);
  const body = oneLine(String(h.entry.text ?? ""));
  const left = Math.max(60, room - head.length);
  if (body.length <= left) return head + body;
  return head + focusedPreview(dropBoilerplate(body, weight), prompt, left, weight);
}
