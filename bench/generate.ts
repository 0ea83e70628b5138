/**
 * Deterministic generator of synthetic Rho-format brains (seed 000's brain.jsonl), for benchmarks.
 *
 *   node --import tsx bench/generate.ts out.jsonl 100000 [seed]     (sizes may be written 10k, 1M)
 *
 * The same (n, seed) always yields the same bytes: randomness comes from a seeded PRNG (sfc32), timestamps
 * from a fixed end date, and deterministic ids from sha256. Lines are streamed to disk in ~1 MiB chunks, so
 * only the small per-entry bookkeeping (id, type, category) is held in memory, never the lines.
 *
 * Mix of the n lines: a fixed header (16 behaviours, the consolidation reminder, schema_version, a few
 * identity / user / context entries), then about 57.5% learnings, 10% preferences, 5% tasks, 1% reminders,
 * 15% updates (an existing id re-emitted with changed text and a newer `created`), 10% tombstones of earlier
 * live ids, 1.5% keyed re-sets (identity / user / context). `created` rises monotonically over two years.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Bump when the output for a given (n, seed) changes, so cached files are regenerated. */
export const GENERATOR_VERSION = 1;
/** Newest `created` in a generated brain; benches pin BRAIN_NOW to it so scores are reproducible. */
export const GENERATED_END = "2026-01-01T00:00:00.000Z";
const END_MS = Date.parse(GENERATED_END);
const SPAN_MS = 730 * 86_400_000;

const HERE = dirname(fileURLToPath(import.meta.url));
export const DATA_DIR = join(HERE, ".data");

// ── PRNG ──

/** sfc32 seeded through splitmix32: fast, 32-bit, good enough statistics for synthetic data. */
export class Prng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.#a + this.#b) >>> 0) + this.#d) >>> 0;
    this.#d = (this.#d + 1) >>> 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) >>> 0;
    this.#c = ((this.#c << 21) | (this.#c >>> 11)) >>> 0;
    this.#c = (this.#c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.float() * xs.length)] as T;
  }

  chance(p: number): boolean {
    return this.float() < p;
  }
}

// ── vocabulary ──

const WORDS = (
  "the a this that repo project build test tests suite runner script config file files module package " +
  "packages dependency dependencies lockfile pnpm npm yarn bun node deno typescript javascript rust go " +
  "python docker compose kubernetes helm terraform nginx postgres sqlite redis kafka queue worker cron " +
  "api endpoint endpoints route handler middleware schema migration migrations index query cache session " +
  "token auth oauth jwt secret env variable variables prod staging dev local ci pipeline workflow deploy " +
  "release branch main commit rebase merge review lint linter formatter biome eslint prettier vitest jest " +
  "mocha playwright browser server client socket http https grpc json yaml toml csv log logs logger trace " +
  "metrics alert dashboard timeout retry backoff lock mutex thread async await promise stream buffer " +
  "snake_case camelCase kebab-case naming convention style early return guard clause error errors panic " +
  "exception fallback default flag option options cli command commands shell fish bash zsh tmux neovim " +
  "vscode editor path paths directory monorepo workspace workspaces extension extensions plugin plugins " +
  "memory brain context prompt budget learning preference task reminder heartbeat user agent model " +
  "uses prefers requires needs avoids breaks fails passes runs must should never always only before after " +
  "when unless with without instead of for in on from into over under via and or but not is are was"
).split(" ");

const TOOLS = ["pnpm", "npm", "yarn", "bun", "cargo", "uv", "poetry", "make", "just", "docker", "nix"];
const PREF_CATEGORIES = ["Communication", "Code", "Tools", "Workflow", "General"] as const;
const PREF_LEADS = [
  "User prefers",
  "User wants",
  "Always use",
  "Never use",
  "Prefer",
  "Avoid",
  "Keep",
  "Use",
];
const PRIORITIES = ["urgent", "high", "normal", "normal", "normal", "low"] as const;
const TAGS = ["code", "ci", "docs", "infra", "bug", "chore", "research", "review", "ops", "release"];
const PROJECTS = [
  "rho",
  "brain",
  "website",
  "api-gateway",
  "billing",
  "infra",
  "mobile-app",
  "data-pipeline",
  "cli-tools",
  "dotfiles",
  "ml-experiments",
  "docs-site",
];
const PROJECT_PATHS = PROJECTS.map((p) => `/home/user/projects/${p}`);
/** The working directory benches render context for: a project that has a context entry. */
export const BENCH_CWD = PROJECT_PATHS[0] as string;
const IDENTITY = [
  ["name", "rho"],
  ["role", "A persistent coding agent with memory and heartbeat"],
  ["voice", "direct, concise, technical"],
  ["home", "~/.rho"],
] as const;
const USER = [
  ["name", "Sam"],
  ["timezone", "US/Central"],
  ["editor", "Neovim"],
  ["shell", "fish"],
  ["os", "Debian 12"],
  ["languages", "TypeScript, Rust, Python"],
] as const;
const TIMEZONES = ["US/Central", "US/Eastern", "Europe/Berlin", "Asia/Tokyo", "UTC"];
const EDITORS = ["Neovim", "VS Code", "Helix", "Emacs", "Zed"];

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Words from the list until the text reaches a length drawn from [min, max]. */
function sentence(r: Prng, min: number, max: number, lead?: string): string {
  const target = r.int(min, max);
  let s = lead ?? capitalise(r.pick(WORDS));
  for (;;) {
    const w = r.chance(0.04) ? r.pick(TOOLS) : r.pick(WORDS);
    if (s.length + 1 + w.length + 1 > target) break;
    s += ` ${w}`;
  }
  // Pad short draws so every text honours the minimum.
  while (s.length + 1 < min) s += ` ${r.pick(WORDS)}`;
  return `${s.slice(0, max - 1)}.`;
}

function learningText(r: Prng): string {
  const roll = r.float();
  if (roll < 0.08) {
    const [a, b] = [r.pick(TOOLS), r.pick(TOOLS)];
    return sentence(r, 60, 160, `This repo uses ${a} not ${b}, and`);
  }
  if (roll < 0.14)
    return sentence(r, 60, 160, `The ${r.pick(WORDS)} script requires ${r.pick(WORDS).toUpperCase()}`);
  return sentence(r, 60, 160);
}

// ── generator ──

const sha8 = (s: string): string => createHash("sha256").update(s).digest("hex").slice(0, 8);

/** Pool type codes for entries that updates and tombstones may target. */
const T_LEARNING = 0;
const T_PREFERENCE = 1;
const T_TASK = 2;
const T_REMINDER = 3;
const POOL_TYPES = ["learning", "preference", "task", "reminder"] as const;

export interface GenerateStats {
  path: string;
  lines: number;
  bytes: number;
  counts: Record<string, number>;
}

/** Parses "10k", "100k", "1M", "2500" into a line count. */
export function parseSize(s: string): number {
  const m = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(s.trim());
  if (!m) throw new Error(`not a size: "${s}" (e.g. 10000, 10k, 1M)`);
  const mult = m[2] === "" ? 1 : m[2]?.toLowerCase() === "k" ? 1_000 : 1_000_000;
  return Math.round(Number(m[1]) * mult);
}

export function formatSize(n: number): string {
  if (n >= 1_000_000 && n % 1_000_000 === 0) return `${n / 1_000_000}M`;
  if (n >= 1_000 && n % 1_000 === 0) return `${n / 1_000}k`;
  return String(n);
}

/**
 * Writes a synthetic brain of exactly `n` lines to `path` (atomically: temp file, then rename) and returns
 * what it wrote. Same (n, seed) → same bytes.
 */
export function generateBrain(path: string, n: number, seed = 1): GenerateStats {
  if (!Number.isInteger(n) || n < 1) throw new Error(`n must be a positive integer (got ${n})`);
  const r = new Prng(seed);
  const counts: Record<string, number> = {};
  const usedIds = new Set<string>();
  // Live, non-keyed entries that updates and tombstones can target (parallel arrays, swap-remove).
  const poolIds: string[] = [];
  const poolTypes: number[] = [];
  const poolCats: number[] = [];

  fs.mkdirSync(dirname(resolve(path)), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = fs.openSync(tmp, "w", 0o644);
  let buf = "";
  let bytes = 0;
  let written = 0;
  const flush = (): void => {
    if (!buf) return;
    const b = Buffer.from(buf, "utf8");
    let off = 0;
    while (off < b.length) off += fs.writeSync(fd, b, off, b.length - off);
    bytes += b.length;
    buf = "";
  };
  const emit = (entry: Record<string, unknown>, kind: string): void => {
    if (written >= n) return;
    buf += `${JSON.stringify(entry)}\n`;
    written++;
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (buf.length >= 1 << 20) flush();
  };
  const createdAt = (i: number): string => {
    const base = END_MS - SPAN_MS + (SPAN_MS * i) / n;
    return new Date(Math.floor(base + r.float() * (SPAN_MS / n))).toISOString();
  };
  const randomId = (): string => {
    for (;;) {
      const id = r.u32().toString(16).padStart(8, "0");
      if (!usedIds.has(id)) {
        usedIds.add(id);
        return id;
      }
    }
  };
  const track = (id: string, type: number, cat = 0): void => {
    poolIds.push(id);
    poolTypes.push(type);
    poolCats.push(cat);
  };

  try {
    // Header: what a real brain starts with (seeded defaults), then who the agent and the user are.
    const t0 = createdAt(0);
    for (let i = 1; i <= 16; i++) {
      const category = i <= 8 ? (i <= 5 ? "do" : "dont") : i <= 11 || i >= 14 ? "value" : "do";
      const id = `b${String(i).padStart(7, "0")}`;
      usedIds.add(id);
      emit({ id, type: "behavior", category, text: sentence(r, 25, 70), created: t0 }, "behavior");
    }
    usedIds.add("rem00001");
    emit(
      {
        id: "rem00001",
        type: "reminder",
        text: "Run memory-consolidate: decay stale learnings, merge duplicates, mine sessions",
        cadence: { kind: "daily", at: "01:00" },
        enabled: true,
        priority: "normal",
        tags: [],
        last_run: null,
        next_due: null,
        last_result: null,
        last_error: null,
        created: t0,
      },
      "reminder",
    );
    emit(
      { id: sha8("meta:schema_version"), type: "meta", key: "schema_version", value: "1", created: t0 },
      "meta",
    );
    for (const [key, value] of IDENTITY)
      emit({ id: sha8(`identity:${key}`), type: "identity", key, value, created: t0 }, "identity");
    for (const [key, value] of USER)
      emit({ id: sha8(`user:${key}`), type: "user", key, value, created: t0 }, "user");
    const contextEntry = (k: number, created: string) => ({
      id: sha8(`context:${PROJECT_PATHS[k]}`),
      type: "context",
      project: PROJECTS[k],
      path: PROJECT_PATHS[k],
      content: [sentence(r, 60, 140), sentence(r, 40, 120), sentence(r, 40, 120)].join("\n"),
      created,
    });
    for (let k = 0; k < 8; k++) emit(contextEntry(k, t0), "context");

    // Body.
    while (written < n) {
      const created = createdAt(written);
      const roll = r.float();
      if (roll < 0.575) {
        const id = randomId();
        const e: Record<string, unknown> = { id, type: "learning", text: learningText(r) };
        e.source = r.chance(0.15) ? "manual" : "auto";
        if (r.chance(0.2)) {
          e.scope = "project";
          e.projectPath = r.pick(PROJECT_PATHS);
        }
        e.created = created;
        emit(e, "learning");
        track(id, T_LEARNING);
      } else if (roll < 0.675) {
        const id = randomId();
        const cat = r.int(0, PREF_CATEGORIES.length - 1);
        emit(
          {
            id,
            type: "preference",
            category: PREF_CATEGORIES[cat],
            text: sentence(r, 30, 120, r.pick(PREF_LEADS)),
            created,
          },
          "preference",
        );
        track(id, T_PREFERENCE, cat);
      } else if (roll < 0.725) {
        const id = randomId();
        emit(taskEntry(r, id, created, false), "task");
        track(id, T_TASK);
      } else if (roll < 0.735) {
        const id = randomId();
        emit(reminderEntry(r, id, created, false), "reminder");
        track(id, T_REMINDER);
      } else if (roll < 0.885) {
        if (poolIds.length === 0) continue;
        const k = Math.floor(r.float() * poolIds.length);
        const id = poolIds[k] as string;
        const t = poolTypes[k] as number;
        if (t === T_LEARNING) {
          emit(
            {
              id,
              type: "learning",
              text: learningText(r),
              source: r.chance(0.3) ? "manual" : "auto",
              created,
            },
            "update",
          );
        } else if (t === T_PREFERENCE) {
          const category = PREF_CATEGORIES[poolCats[k] as number];
          emit(
            { id, type: "preference", category, text: sentence(r, 30, 120, r.pick(PREF_LEADS)), created },
            "update",
          );
        } else if (t === T_TASK) {
          emit(taskEntry(r, id, created, true), "update");
        } else {
          emit(reminderEntry(r, id, created, true), "update");
        }
      } else if (roll < 0.985) {
        if (poolIds.length === 0) continue;
        const k = Math.floor(r.float() * poolIds.length);
        const target = poolIds[k] as string;
        const t = poolTypes[k] as number;
        const last = poolIds.length - 1;
        poolIds[k] = poolIds[last] as string;
        poolTypes[k] = poolTypes[last] as number;
        poolCats[k] = poolCats[last] as number;
        poolIds.pop();
        poolTypes.pop();
        poolCats.pop();
        emit(
          {
            id: randomId(),
            type: "tombstone",
            target_id: target,
            target_type: POOL_TYPES[t],
            reason: t === T_LEARNING && r.chance(0.7) ? "decay" : "manual",
            created,
          },
          "tombstone",
        );
      } else {
        const which = r.int(0, 2);
        if (which === 0) {
          emit(
            {
              id: sha8("identity:voice"),
              type: "identity",
              key: "voice",
              value: sentence(r, 15, 40),
              created,
            },
            "keyed",
          );
        } else if (which === 1) {
          const [key, value] = r.chance(0.5) ? ["timezone", r.pick(TIMEZONES)] : ["editor", r.pick(EDITORS)];
          emit({ id: sha8(`user:${key}`), type: "user", key, value, created }, "keyed");
        } else {
          emit(contextEntry(r.int(0, PROJECTS.length - 1), created), "keyed");
        }
      }
    }
    flush();
    fs.fsyncSync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fs.closeSync(fd);
  fs.renameSync(tmp, path);
  return { path, lines: written, bytes, counts };
}

function taskEntry(r: Prng, id: string, created: string, update: boolean): Record<string, unknown> {
  const done = update && r.chance(0.7);
  const tags: string[] = [];
  for (let k = r.int(0, 3); k > 0; k--) {
    const t = r.pick(TAGS);
    if (!tags.includes(t)) tags.push(t);
  }
  const due = r.chance(0.4) ? new Date(Date.parse(created) + r.int(1, 30) * 86_400_000).toISOString() : null;
  return {
    id,
    type: "task",
    description: sentence(r, 25, 90),
    status: done ? "done" : "pending",
    priority: r.pick(PRIORITIES),
    due: due ? due.slice(0, 10) : null,
    tags,
    completedAt: done ? created : null,
    created,
  };
}

function reminderEntry(r: Prng, id: string, created: string, ran: boolean): Record<string, unknown> {
  const cadence = r.chance(0.5)
    ? { kind: "interval", every: `${r.int(1, 12)}${r.pick(["m", "h", "d"])}` }
    : { kind: "daily", at: `${String(r.int(0, 23)).padStart(2, "0")}:${r.pick(["00", "15", "30", "45"])}` };
  const result = ran ? r.pick(["ok", "ok", "ok", "error", "skipped"]) : null;
  return {
    id,
    type: "reminder",
    text: sentence(r, 25, 90),
    cadence,
    enabled: r.chance(0.85),
    priority: r.pick(PRIORITIES),
    tags: [],
    last_run: ran ? created : null,
    next_due: null,
    last_result: result,
    last_error: result === "error" ? "Script exited with code 1" : null,
    created,
  };
}

/** The cached brain for (n, seed) under bench/.data/, generated on first use. */
export function cachedBrain(n: number, seed = 1): { path: string; generated: boolean } {
  const path = join(DATA_DIR, `brain-${formatSize(n)}-seed${seed}-g${GENERATOR_VERSION}.jsonl`);
  if (fs.existsSync(path)) return { path, generated: false };
  generateBrain(path, n, seed);
  return { path, generated: true };
}

function main(argv: string[]): void {
  const [out, size, seed] = argv;
  if (!out || !size) {
    process.stderr.write(
      "usage: node --import tsx bench/generate.ts <out.jsonl> <lines, e.g. 100k> [seed]\n",
    );
    process.exitCode = 2;
    return;
  }
  const t = performance.now();
  const s = generateBrain(out, parseSize(size), seed === undefined ? 1 : Number(seed));
  const secs = ((performance.now() - t) / 1000).toFixed(2);
  process.stdout.write(
    `${s.path}: ${s.lines} lines, ${(s.bytes / 1048576).toFixed(1)} MiB in ${secs} s\n` +
      `${Object.entries(s.counts)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ")}\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2));
}
