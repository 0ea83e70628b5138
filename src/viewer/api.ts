import { authHeaders, NO_TOKEN } from "./token.ts";

/**
 * The viewer's side of the HTTP API (SERVE-API.md). Same origin only; every request carries the token as a
 * Bearer header (token.ts) and no cookie.
 */
export interface Entry {
  id: string;
  type: string;
  created?: string;
  [field: string]: unknown;
}

export interface Explain {
  id?: string;
  path?: string;
  kind: string;
  section: string;
  kept: boolean;
  reason: string;
  label?: string;
  score?: number;
  tokens?: number;
  budgetLeft?: number;
  /** A budget cut: how many more tokens it needed than its section had left. */
  needed?: number;
}

export interface ContextAnswer {
  text: string;
  tokens: number;
  budget: number;
  /** A section's own budget when the source has one; otherwise its share of the whole budget is shown. */
  sections: { name: string; title?: string; tokens: number; budget?: number }[];
  explain: Explain[];
}

export interface Session {
  sessionId: string;
  project: string;
  first: string;
  last: string;
  count: number;
  /** Only when one session is asked for (`session=`). */
  episodes?: Turn[];
}

export interface Turn {
  id: string;
  turn: number;
  role: string;
  ts: string;
  text: string;
}

export interface HistoryEvent {
  n: number;
  ts: string | null;
  type: string;
  id: string;
  op: "add" | "update" | "remove";
}

export interface HistoryDiff {
  added: Entry[];
  removed: Entry[];
  changed: { id: string; before: Entry; after: Entry }[];
}

export interface RulesAnswer {
  rules: { path: string; kind: string; applies: boolean | string; tokens: number }[];
  brainFiles: { name: string; kind?: string; applies?: boolean | string; tokens: number }[];
}

export interface InboxItem {
  id: string;
  [field: string]: unknown;
}

/** A node of the association graph as the API shows it (src/graph/query.ts). */
export interface GraphNodeView {
  ref: string;
  kind: string;
  title: string;
  weight: number;
  edges: number;
  created: string;
  used: string;
  /** Neighbours only: the weight of the edge to the node asked about. */
  link?: number;
}

export interface GraphNeighbourhood {
  node: GraphNodeView;
  neighbours: GraphNodeView[];
  /** Edges among the node and its neighbours: [a, b, weight]. */
  links: [string, string, number][];
}

export interface GraphTimeline {
  refs: string[];
  points: { at: string; weights: (number | null)[] }[];
}

/** The agent's own mind as GET /api/mind shows it (src/serve/routes/mind.ts). */
export interface MindAnswer {
  exists: boolean;
  decision?: {
    text: string;
    primaryGoal: { id: string; text: string } | null;
    lastUserMessage: string;
    lastError: string;
    plan: { steps: string[]; current: number; next: string | null; done: boolean } | null;
    self: { summary: string; counts: Record<string, number> };
    selfInstructions: string[];
    emotions: Record<string, number>;
    hormones: Record<string, number>;
  };
  goals?: { id: string; text: string; status: string; by?: string }[];
  affect?: {
    at: string;
    emotions: Record<string, number>;
    hormones: Record<string, number>;
    outcome?: string;
  }[];
  thoughts?: { at: string; text: string }[];
  explored?: {
    paths: { ref: string; at: string; summary?: string }[];
    urls: { ref: string; at: string; summary?: string }[];
  };
  ticks?: number;
}

/** A proposed change waiting in the review queue (src/improve/proposals.ts, GET /api/proposals). */
export interface Proposal {
  id: string;
  kind: string;
  target: string;
  title: string;
  text: string;
  why: string;
  evidence: { line: number; at: string; session?: string; text: string }[];
  status: string;
  applied?: { file: string; mode: string };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: "omit", headers: authHeaders() };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...authHeaders(), "content-type": "application/json" };
  }
  const res = await fetch(path, init);
  const data = (await res.json().catch(() => ({}))) as { error?: { message?: string; code?: string } };
  if (res.status === 401 || (res.status === 403 && data.error?.code === "forbidden"))
    throw new ApiError(res.status, NO_TOKEN);
  if (!res.ok) throw new ApiError(res.status, data.error?.message ?? data.error?.code ?? res.statusText);
  return data as T;
}

const qs = (params: Record<string, string | number | undefined>): string => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") u.set(k, String(v));
  const s = u.toString();
  return s ? `?${s}` : "";
};

export const api = {
  entries: (q: string) =>
    call<{ entries: Entry[]; total: number; defaultIds?: string[] }>(
      "GET",
      `/api/entries${qs({ q, limit: 1000 })}`,
    ),
  add: (entry: Record<string, unknown>) => call<{ result: unknown }>("POST", "/api/entries", entry),
  update: (id: string, fields: Record<string, unknown>) =>
    call<{ result: unknown }>("PATCH", `/api/entries/${encodeURIComponent(id)}`, fields),
  remove: (id: string) =>
    call<{ result: unknown; entry: Entry }>("DELETE", `/api/entries/${encodeURIComponent(id)}`),
  context: (c: { cwd: string; query: string; budget: number }) =>
    call<ContextAnswer>("POST", "/api/context", {
      ...(c.cwd ? { cwd: c.cwd } : {}),
      ...(c.query ? { query: c.query } : {}),
      ...(c.budget > 0 ? { budget: c.budget } : {}),
    }),
  /** One page of session summaries, newest first. */
  episodes: (offset: number, limit: number) =>
    call<{ sessions: Session[]; total: number; offset: number }>(
      "GET",
      `/api/episodes${qs({ offset, limit })}`,
    ),
  /** One session's turns. */
  sessionTurns: (session: string) =>
    call<{ sessions: Session[] }>("GET", `/api/episodes${qs({ session, limit: 1 })}`),
  rules: (cwd: string) => call<RulesAnswer>("GET", `/api/rules${qs({ cwd })}`),
  inbox: () => call<{ items?: InboxItem[]; inbox?: InboxItem[] }>("GET", "/api/inbox"),
  inboxAct: (id: string, verb: "accept" | "reject") =>
    call<unknown>("POST", `/api/inbox/${encodeURIComponent(id)}/${verb}`),
  /** The number of events; with `at`, also the event at that point (n = at). */
  history: (at = 0) =>
    call<{ count: number; events: HistoryEvent[] }>(
      "GET",
      at > 0 ? `/api/history?since=${at - 1}&limit=1` : "/api/history?limit=0",
    ),
  historyState: (at: number) =>
    call<{ at: number; entries: Entry[]; defaultIds?: string[] }>("GET", `/api/history/state?at=${at}`),
  historyDiff: (from: number, to: number) =>
    call<HistoryDiff>("GET", `/api/history/diff?from=${from}&to=${to}`),
  graphHubs: (limit = 10) =>
    call<{ hubs: { ref: string; title: string; edges: number }[] }>("GET", `/api/graph/hubs${qs({ limit })}`),
  graphNode: (q: string, limit = 16) => call<GraphNeighbourhood>("GET", `/api/graph/node${qs({ q, limit })}`),
  graphTimeline: (q: string, limit = 8) =>
    call<GraphTimeline>("GET", `/api/graph/timeline${qs({ q, limit })}`),
  mind: () => call<MindAnswer>("GET", "/api/mind"),
  proposals: () => call<{ proposals: Proposal[] }>("GET", "/api/proposals"),
  /** One proposal with its unified diff (against the file as it is now). */
  proposal: (id: string) =>
    call<{ proposal: Proposal; diff: string }>("GET", `/api/proposals/${encodeURIComponent(id)}`),
  proposalEdit: (id: string, text: string) =>
    call<{ proposal: Proposal }>("PATCH", `/api/proposals/${encodeURIComponent(id)}`, { text }),
  proposalAct: (id: string, verb: "accept" | "reject") =>
    call<{ proposal: Proposal }>("POST", `/api/proposals/${encodeURIComponent(id)}/${verb}`),
};

/** The field a person reads an entry by. */
export function entryText(e: Entry): string {
  for (const f of ["text", "description", "value", "content", "path", "key"]) {
    const v = e[f];
    if (typeof v === "string" && v !== "") return v;
  }
  return JSON.stringify(e);
}

/** The field an edit changes (the one entryText shows). */
export function textField(e: Entry): string {
  for (const f of ["text", "description", "value", "content"]) if (typeof e[f] === "string") return f;
  return "text";
}
