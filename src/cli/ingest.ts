import { type GlobalOpts, openBrain } from "./open.ts";
import { print, printJson, warn, writeErr } from "./output.ts";

export interface IngestOpts extends GlobalOpts {
  format?: string;
  session?: string;
  progress?: boolean;
}

/** `brain ingest <file>`: import a transcript as episodes; a progress line on stderr for large inputs. */
export async function runIngest(file: string, o: IngestOpts): Promise<number> {
  const { brain } = openBrain(o, { create: true });
  const show = o.progress ?? Boolean(process.stderr.isTTY);
  let last = 0;
  const r = await brain.ingest(file, {
    ...(o.format ? { format: o.format } : {}),
    ...(o.session ? { session: o.session } : {}),
    progress: (done, total) => {
      const now = Date.now();
      if (!show || total < 1000 || (now - last < 200 && done < total)) return;
      last = now;
      writeErr(`\ringest: ${done}/${total} turns (${Math.floor((100 * done) / total)}%)`);
      if (done >= total) writeErr("\n");
    },
  });
  if (o.json) printJson({ ok: true, ...r });
  else {
    print(
      `Ingested ${r.file} (${r.format}): ${r.turns} turns in ${r.sessions} session(s), ${r.added} new, ` +
        `${r.existing} already known, ${r.forgotten ? `${r.forgotten} previously forgotten (not re-added), ` : ""}${r.skipped} records skipped${r.problems.length ? `, ${r.problems.length} problems` : ""}` +
        `${r.redacted ? `, ${r.redacted} secret(s) redacted` : ""}.`,
    );
    for (const p of r.problems.slice(0, 20)) warn(`brain: ${file}:${p.line}: ${p.reason}`);
  }
  return 0;
}
