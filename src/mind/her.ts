import { EMOTIONS, HORMONES } from "./affect.ts";
import { clip, type MindLimits } from "./caps.ts";
import type { MindState, Stamped } from "./fold.ts";
import type { Unnumbered } from "./records.ts";

/**
 * Seed 001's `memory.json` ("her" memory) in and out of the mind. Import turns each collection into records
 * of the mind log; export builds the same shape from the full fold. Nothing is dropped on the way: an item's
 * fields the mind does not model ride along in its record's `more`, top-level and `state` fields it does not
 * know (lastDir, totalReads …) in `extra` records, a non-object item as `{ $value }` — so a memory within the
 * caps comes back deep-equal (test/mind/her.test.ts). Neurons and synapses are kept verbatim as records of
 * the mind log until the association graph takes them (issue 26). Pure.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const isTime = (v: unknown): v is string => typeof v === "string" && !Number.isNaN(Date.parse(v));
const str = (v: unknown): v is string => typeof v === "string";

const TOP = [
  "thoughts",
  "innerThoughts",
  "episodes",
  "semanticFacts",
  "exploredPaths",
  "exploredUrls",
  "neurons",
  "synapses",
  "chatHistory",
  "logs",
  "userModel",
  "state",
] as const;
const STATE = [
  "goals",
  "plan",
  "selfSummary",
  "selfInstructions",
  "emotions",
  "hormones",
  "lastUserMessage",
  "lastError",
] as const;

export interface HerImport {
  records: Unnumbered[];
}

/** The item's modelled fields and the rest (`more`); `at` from the item when it is a time, else `now`. */
function split(x: unknown, fields: readonly string[], now: string, timeKey = "at") {
  if (!isObj(x)) return { at: now, known: {} as Obj, more: { $value: x } as Obj };
  const known: Obj = {};
  const more: Obj = timeKey in x ? {} : { $noTime: true };
  for (const [k, v] of Object.entries(x)) {
    if (k === timeKey && isTime(v)) continue;
    if (fields.includes(k) && str(v)) known[k] = v;
    else more[k] = v;
  }
  return { at: isTime(x[timeKey]) ? (x[timeKey] as string) : now, known, more };
}

const withMore = (more: Obj) => (Object.keys(more).length > 0 ? { more } : {});

export function herRecords(memory: unknown, now: string, lim: MindLimits): HerImport {
  const m: Obj = isObj(memory) ? memory : {};
  const out: Unnumbered[] = [];
  const t = lim.text.text;
  const list = (k: string) => (Array.isArray(m[k]) ? (m[k] as unknown[]) : []);
  const texts = (key: string, label: "thought" | "inner") => {
    for (const x of list(key)) {
      const s = split(x, ["text"], now);
      out.push({ at: s.at, label, text: clip(String(s.known.text ?? ""), t), ...withMore(s.more) });
    }
  };
  texts("thoughts", "thought");
  texts("innerThoughts", "inner");
  for (const x of list("episodes")) {
    const s = split(x, ["type", "what", "summary", "where"], now);
    const { type, ...rest } = s.known as Record<string, string>;
    if (!type) s.more.type = isObj(x) ? x.type : undefined;
    out.push({
      at: s.at,
      label: "action",
      type: type || "unknown",
      ...rest,
      ...withMore(dropUndefined(s.more)),
    });
  }
  for (const x of list("semanticFacts")) {
    const s = split(x, ["text", "source"], now);
    out.push({
      at: s.at,
      label: "fact",
      text: clip(String(s.known.text ?? ""), t),
      ...(s.known.source ? { source: s.known.source as string } : {}),
      ...withMore(s.more),
    });
  }
  for (const [key, label] of [
    ["exploredPaths", "path"],
    ["exploredUrls", "url"],
  ] as const) {
    const map = isObj(m[key]) ? (m[key] as Obj) : {};
    for (const [ref, v] of Object.entries(map)) {
      const s = split(v, ["summary"], now);
      const base = {
        at: s.at,
        ...(s.known.summary ? { summary: s.known.summary as string } : {}),
        ...withMore(s.more),
      };
      out.push(label === "path" ? { ...base, label, path: ref } : { ...base, label, url: ref });
    }
  }
  for (const [key, label] of [
    ["neurons", "neuron"],
    ["synapses", "synapse"],
  ] as const) {
    const map = isObj(m[key]) ? (m[key] as Obj) : {};
    for (const [id, data] of Object.entries(map)) {
      const used = isObj(data) && isTime(data.lastUsed) ? (data.lastUsed as string) : now;
      out.push({ at: used, label, id, data });
    }
  }
  for (const x of list("chatHistory")) {
    const s = split(x, ["role", "text"], now);
    out.push({
      at: s.at,
      label: "chat",
      role: (s.known.role as string) || "user",
      text: String(s.known.text ?? ""),
      ...withMore(s.known.role ? s.more : { ...s.more, role: isObj(x) ? x.role : undefined }),
    });
  }
  for (const x of list("logs")) {
    const s = split(x, ["kind", "text"], now);
    out.push({
      at: s.at,
      label: "log",
      kind: (s.known.kind as string) || "log",
      text: clip(String(s.known.text ?? ""), t),
      ...withMore(dropUndefined(s.known.kind ? s.more : { ...s.more, kind: isObj(x) ? x.kind : undefined })),
    });
  }
  const um = isObj(m.userModel) ? m.userModel : {};
  for (const x of Array.isArray(um.lastMessages) ? um.lastMessages : [])
    if (str(x)) out.push({ at: now, label: "user", text: x });
  for (const [k, v] of Object.entries(um)) if (k !== "lastMessages") out.push(extra("userModel", k, v, now));
  stateRecords(isObj(m.state) ? m.state : {}, now, lim, out);
  for (const [k, v] of Object.entries(m))
    if (!(TOP as readonly string[]).includes(k) || !isUsable(k, v)) out.push(extra("top", k, v, now));
  return { records: out };
}

/** A known top-level field of the wrong shape is kept as it is (restored over the default on export). */
function isUsable(k: string, v: unknown): boolean {
  if (["thoughts", "innerThoughts", "episodes", "semanticFacts", "chatHistory", "logs"].includes(k))
    return Array.isArray(v);
  return isObj(v);
}

function dropUndefined(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

const extra = (scope: string, key: string, value: unknown, at: string): Unnumbered => ({
  at,
  label: "extra",
  scope,
  key,
  value: value === undefined ? null : value,
});

function stateRecords(st: Obj, now: string, lim: MindLimits, out: Unnumbered[]): void {
  for (const x of Array.isArray(st.goals) ? st.goals : []) {
    const s = split(x, ["id", "text", "by", "status"], now, "createdAt");
    const k = s.known as Record<string, string>;
    if (!k.id) continue; // a goal without an id cannot be completed: kept below with the state's extras
    const status = k.status === "done" || k.status === "active" ? k.status : "active";
    if (k.status !== status) s.more.status = isObj(x) ? x.status : undefined;
    out.push({
      at: s.at,
      label: "goal",
      id: k.id,
      text: k.text ?? "",
      ...(k.by ? { by: k.by } : {}),
      status,
      ...withMore(dropUndefined(s.more)),
    });
  }
  if (
    isObj(st.plan) &&
    Array.isArray(st.plan.steps) &&
    st.plan.steps.every(str) &&
    Number.isInteger(st.plan.current)
  ) {
    const { steps, current, setAt, ...more } = st.plan;
    out.push({
      at: isTime(setAt) ? setAt : now,
      label: "plan",
      steps: steps as string[],
      current: Math.max(0, current as number),
      ...withMore(isTime(setAt) ? more : { ...more, setAt }),
    });
  }
  if (str(st.selfSummary) && st.selfSummary)
    out.push({ at: now, label: "self", summary: clip(st.selfSummary, lim.text.selfSummary) });
  for (const i of Array.isArray(st.selfInstructions) ? st.selfInstructions : [])
    if (str(i)) out.push({ at: now, label: "instruction", text: i });
  const unit = (v: unknown) => typeof v === "number" && v >= 0 && v <= 1;
  const pick = (o: unknown, names: readonly string[]) =>
    isObj(o) ? Object.fromEntries(Object.entries(o).filter(([k, v]) => names.includes(k) && unit(v))) : {};
  const emotions = pick(st.emotions, EMOTIONS) as Record<string, number>;
  const hormones = pick(st.hormones, HORMONES) as Record<string, number>;
  out.push({ at: now, label: "affect", emotions, hormones });
  for (const [k, names] of [
    ["emotions", EMOTIONS],
    ["hormones", HORMONES],
  ] as const)
    if (isObj(st[k]))
      for (const [name, v] of Object.entries(st[k] as Obj))
        if (!names.includes(name as never) || !unit(v)) out.push(extra(k, name, v, now));
  const lastMessages = out.filter((r) => r.label === "user");
  const lastMsg = lastMessages[lastMessages.length - 1];
  if (str(st.lastUserMessage) && st.lastUserMessage !== (lastMsg && "text" in lastMsg ? lastMsg.text : ""))
    out.push({ at: now, label: "user", text: st.lastUserMessage, model: false });
  if (str(st.lastError) && st.lastError) out.push({ at: now, label: "error", text: st.lastError });
  for (const [k, v] of Object.entries(st)) {
    const known = (STATE as readonly string[]).includes(k);
    const kept =
      k === "goals"
        ? Array.isArray(v) && v.every((g) => isObj(g) && str(g.id) && g.id)
        : k === "plan"
          ? v === null || (isObj(v) && Array.isArray(v.steps) && Number.isInteger(v.current))
          : k === "emotions" || k === "hormones"
            ? isObj(v)
            : k === "selfInstructions"
              ? Array.isArray(v) && v.every(str)
              : str(v);
    if (!known || !kept) out.push(extra("state", k, v, now));
  }
}

/** An item as it was imported: its time (unless it had none), its fields, the fields the mind does not model. */
function back(x: Stamped, fields: Obj, timeKey = "at"): unknown {
  if (x.more && "$value" in x.more) return x.more.$value;
  const { $noTime, ...more } = x.more ?? {};
  return { ...($noTime ? {} : { [timeKey]: x.at }), ...dropUndefined(fields), ...more };
}

/** The full fold as seed 001's memory.json. */
export function herExport(s: MindState): Record<string, unknown> {
  const ex = (scope: string) => s.extra[scope] ?? {};
  const map = <T extends Stamped>(m: ReadonlyMap<string, T>, f: (v: T) => unknown) =>
    Object.fromEntries([...m].map(([k, v]) => [k, f(v)]));
  return {
    thoughts: s.thoughts.map((x) => back(x, { text: x.text })),
    innerThoughts: s.innerThoughts.map((x) => back(x, { text: x.text })),
    episodes: s.actions.map((x) =>
      back(x, { type: x.type, what: x.what, summary: x.summary, where: x.where, outcome: x.outcome }),
    ),
    semanticFacts: s.facts.map((x) => back(x, { text: x.text, source: x.source })),
    exploredPaths: map(s.exploredPaths, (x) => back(x, { summary: x.summary })),
    exploredUrls: map(s.exploredUrls, (x) => back(x, { summary: x.summary })),
    neurons: map(s.neurons, (x) => x.data),
    synapses: map(s.synapses, (x) => x.data),
    chatHistory: s.chat.map((x) => back(x, { role: x.role, text: x.text })),
    logs: s.logs.map((x) => back(x, { kind: x.kind, text: x.text })),
    userModel: { lastMessages: s.userMessages, ...ex("userModel") },
    state: {
      goals: s.goals.map((g) =>
        back(
          { n: 0, at: g.createdAt, ...(g.more ? { more: g.more } : {}) },
          { id: g.id, text: g.text, status: g.status, by: g.by, doneAt: g.doneAt },
          "createdAt",
        ),
      ),
      plan: s.plan
        ? dropUndefined({ steps: s.plan.steps, current: s.plan.current, setAt: s.plan.setAt, ...s.plan.more })
        : null,
      selfSummary: s.selfSummary,
      selfInstructions: s.selfInstructions.map((i) => i.text),
      emotions: { ...s.affect.emotions, ...ex("emotions") },
      hormones: { ...s.affect.hormones, ...ex("hormones") },
      lastUserMessage: s.lastUserMessage,
      lastError: s.lastError,
      ...ex("state"),
    },
    ...ex("top"),
  };
}
