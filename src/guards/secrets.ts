/**
 * Secret detection for everything the brain stores: secretlint's recommended rule preset (a maintained
 * pattern set: GitHub, Slack, Anthropic, npm, … tokens), plus our own shapes (detectors.ts), run on the
 * text and on its decoded views (fullwidth folded, URL- and base64-decoded runs). Loaded lazily: writes only.
 */
import { detectShapes, mapBack, type SecretFinding, viewsOf } from "./detectors.ts";
import { silenceProfiler } from "./secretlint-profiler.ts";

export { redact } from "./detectors.ts";
export type { SecretFinding };

type Lint = (content: string) => Promise<SecretFinding[]>;
let lint: Lint | undefined;

async function secretlint(): Promise<Lint> {
  if (lint) return lint;
  const [{ lintSource }, { creator }] = await Promise.all([
    import("@secretlint/core"),
    import("@secretlint/secretlint-rule-preset-recommend"),
  ]);
  await silenceProfiler();
  const config = { rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: creator }] };
  lint = async (content) => {
    const r = await lintSource({
      source: { content, filePath: "/memory.txt", ext: ".txt", contentType: "text" },
      options: { config } as never,
    });
    return r.messages.map((m) => ({
      kind: String(m.ruleId).replace(/^@secretlint\/secretlint-rule-/, ""),
      start: m.range[0],
      end: m.range[1],
    }));
  };
  return lint;
}

async function scan(text: string): Promise<SecretFinding[]> {
  return [...detectShapes(text), ...(await (await secretlint())(text))];
}

export async function findSecrets(text: string): Promise<SecretFinding[]> {
  const found = await scan(text);
  for (const view of viewsOf(text))
    for (const f of await scan(view.text)) found.push(mapBack(view, f, text.length));
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}
