import { BrainError } from "../core/errors.ts";
import type { InboxItem } from "../learn/inbox.ts";
import { type GlobalOpts, openBrain } from "./open.ts";
import { print, printJson } from "./output.ts";

export interface InboxOpts extends GlobalOpts {
  text?: string;
  all?: boolean;
}

function line(i: InboxItem): string {
  const status = i.status === "pending" ? "" : ` [${i.status}${i.stored ? ` as ${i.stored}` : ""}]`;
  const cat = i.category ? ` (${i.category})` : "";
  // A note read from a host's own memory says where (src/learn/host-memory/).
  const from = i.origin ? ` from ${i.origin.file}:${i.origin.line}` : "";
  return `- ${i.id} ${i.type}${cat}: ${i.text}  — ${i.reason}${from}, score ${i.score.toFixed(2)}${status}`;
}

/**
 * `brain inbox [list|accept <id>|edit <id> --text …|reject <id>]`: review what the model-free learner proposed
 * (src/learn/inbox-actions.ts). Accepting stores the candidate as a memory; rejecting keeps it out for good.
 */
export async function runInbox(
  verb: string | undefined,
  id: string | undefined,
  o: InboxOpts,
): Promise<number> {
  const { brain } = openBrain(o);
  const v = verb ?? "list";
  if (v === "list") {
    const items = await brain.inbox({ all: Boolean(o.all) });
    if (o.json) printJson({ ok: true, items });
    else if (items.length === 0) print("Inbox: nothing to review.");
    else print(`Inbox: ${items.length} item(s)\n${items.map(line).join("\n")}`);
    return 0;
  }
  if (!id) throw new BrainError("INVALID", `brain inbox ${v} needs an id (see brain inbox)`, { field: "id" });
  if (v === "accept") {
    const d = await brain.inboxAccept(id);
    const o2 = d.outcome;
    const msg =
      o2?.kind === "reinforced"
        ? `Accepted ${id}: reinforced ${o2.id} (a near-duplicate): ${o2.text}`
        : `Accepted ${id}: stored ${d.item.type} ${o2?.kind === "added" ? o2.id : ""}: ${d.item.text}`;
    if (o.json) printJson({ ok: true, ...d });
    else print(msg);
    return 0;
  }
  if (v === "reject") {
    const d = await brain.inboxReject(id);
    if (o.json) printJson({ ok: true, ...d });
    else print(`Rejected ${id}: ${d.item.text}`);
    return 0;
  }
  if (v === "edit") {
    if (o.text === undefined)
      throw new BrainError("INVALID", "brain inbox edit needs --text <new text>", { field: "text" });
    const d = await brain.inboxEdit(id, o.text);
    if (o.json) printJson({ ok: true, ...d });
    else print(`Edited ${id}: ${d.item.text}`);
    return 0;
  }
  throw new BrainError("INVALID", `unknown inbox command "${v}" (list, accept, edit, reject)`);
}

/** `brain curator stats`: the SELECTION curator's state (mode, threshold, promote rate, feature Gaussians). */
export async function runCuratorStats(o: GlobalOpts): Promise<number> {
  const [{ cliConfig }, { loadCurator }, { homeOf }, fs] = await Promise.all([
    import("./cli-config.ts"),
    import("../learn/learn-state.ts"),
    import("../engine/options.ts"),
    import("node:fs"),
  ]);
  const config = cliConfig(o.brain);
  (await import("./open-layer.ts")).requireBrain(config);
  const home = homeOf(config);
  const file = home.file("curator");
  const s = loadCurator(home, config.curatorThreshold).stats();
  const saved = fs.existsSync(file);
  if (o.json) {
    printJson({ ok: true, file, saved, ...s });
    return 0;
  }
  print(
    [
      `Curator (${file}${saved ? "" : ", not created yet"}): ${s.mode} mode, threshold ${s.threshold} (config curator.threshold)`,
      `Seen ${s.seen}, promoted ${s.promoted} (${(s.promoteRate * 100).toFixed(1)} %), duplicates ${s.duplicates}`,
      `TF-IDF vocabulary ${s.centroidDim} words; ${s.recentHashes} recent hashes; ${s.ngramCache} cached 4-grams`,
      `Features: ${s.gaussians.map((g) => `${g.feature} ${g.mean.toFixed(1)}±${g.sd.toFixed(1)}`).join(", ")}`,
    ].join("\n"),
  );
  return 0;
}
