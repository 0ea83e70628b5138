import { BrainError } from "../core/errors.ts";
import { type GlobalOpts, openBrain } from "./open.ts";
import { print, printJson } from "./output.ts";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** `brain file [NAME]`: list brain files, print one (load_brain_file), append to it, or rewrite it. */
export async function runFile(
  name: string | undefined,
  o: GlobalOpts & { append?: string; replace?: boolean; intent?: string },
): Promise<number> {
  const { brain } = openBrain(o, { create: o.append !== undefined || Boolean(o.replace) });
  if (!name) {
    const files = brain.listBrainFiles().map(({ content: _c, ...f }) => f);
    if (o.json) printJson({ ok: true, files });
    else
      print(
        files
          .map(
            (f) =>
              `${f.name.padEnd(16)} ${f.mode.padEnd(7)} ${String(f.bytes).padStart(7)} B  ${f.owns ?? f.description ?? ""}`,
          )
          .join("\n") || "No brain files.",
      );
    return 0;
  }
  if (o.append !== undefined || o.replace) {
    const text = o.append ?? (await readStdin());
    if (!text.trim())
      throw new BrainError(
        "INVALID",
        "nothing to write (give --append TEXT, or content on stdin with --replace)",
      );
    const r = await brain.writeBrainFile(name, text, {
      replace: Boolean(o.replace),
      ...(o.intent ? { cleanupIntent: o.intent } : {}),
    });
    if (o.json) printJson({ ok: true, ...r });
    else
      print(
        r.mode === "append"
          ? `Appended to ${r.name}`
          : `Rewrote ${r.name}${r.backup ? ` (backup: ${r.backup})` : ""}`,
      );
    return 0;
  }
  const f = brain.loadBrainFile(name);
  if (o.json) printJson({ ok: true, ...f });
  else print(f.content || `(${f.name} has no content yet)`);
  return 0;
}
