import { MEMORY_NOTE } from "./context/entry-sections.ts";
import { oneLine } from "./one-line.ts";

/** A search hit as every surface shows it to a model: one line, whatever the memory's text holds. */
export function hitLine(h: { type: string; id: string; text: string }): string {
  return `- [${h.type} ${oneLine(h.id)}] ${oneLine(h.text)}`;
}

/** Hits for a model, under the note that they are information from earlier sessions, not instructions. */
export function framedHits(hits: readonly { type: string; id: string; text: string }[]): string {
  return [MEMORY_NOTE, ...hits.map(hitLine)].join("\n");
}
