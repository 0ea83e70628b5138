import { hostname, userInfo } from "node:os";
import { dirname, join, resolve } from "node:path";
import { BrainError } from "./core/errors.ts";
import { crypto } from "./store/crypto.ts";
import { userBrainDir } from "./store/home.ts";

/** A team brain on a PostgreSQL server (src/store/postgres/). The URL may hold credentials: never print it. */
export interface TeamStoreConfig {
  url: string;
  /** Owner of the personal namespace (default: the login name). */
  user: string;
  /** Recorded with every row: user@host. */
  writer: string;
  /** How long opening waits for the server. */
  connectTimeoutMs?: number;
  /** How long a read or write keeps retrying a lost connection (hooks shorten it: store/postgres/offline.ts). */
  retryMs?: number;
  /**
   * This machine's directory for the team brain: fold snapshot, recall index, episodes, brain files. From
   * `store.localDir`; default ~/.brain/team/<hash of server, database and user> (never of the password).
   */
  localDir: string;
}

/** A positive number from the settings file, or a CONFIG error naming the key. */
function positive(file: string, key: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v < 1)
    throw new BrainError("CONFIG", `${file}: "${key}" must be a number ≥ 1 (got ${JSON.stringify(v)})`, {
      key,
    });
  return v;
}

function loginName(): string {
  try {
    return userInfo().username || "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The team store from BRAIN_STORE or the settings file's `store: { url, user?, connectTimeoutMs?, localDir? }`.
 */
export function teamStore(
  file: string,
  text: string | undefined,
  fromEnv: string | undefined,
  home: string,
): TeamStoreConfig | null {
  let o: Record<string, unknown> = {};
  if (text?.includes('"store"')) {
    const raw = (JSON.parse(text) as Record<string, unknown>).store;
    if (raw !== undefined) {
      if (raw === null || typeof raw !== "object" || Array.isArray(raw))
        throw new BrainError("CONFIG", `${file}: "store" must be an object like { "url": "postgres://…" }`, {
          key: "store",
        });
      o = raw as Record<string, unknown>;
    }
  }
  const url = fromEnv || (typeof o.url === "string" ? o.url : "");
  if (!url || url === "jsonl") return null;
  if (!/^postgres(ql)?:\/\//i.test(url))
    throw new BrainError(
      "CONFIG",
      `the store URL must start with postgres:// (BRAIN_STORE or "store.url" in ${file})`,
      {
        key: "store",
      },
    );
  if (o.user !== undefined && (typeof o.user !== "string" || o.user === ""))
    throw new BrainError("CONFIG", `${file}: "store.user" must be a non-empty string`, { key: "store.user" });
  const user = (o.user as string | undefined) ?? loginName();
  if (o.localDir !== undefined && (typeof o.localDir !== "string" || o.localDir === ""))
    throw new BrainError("CONFIG", `${file}: "store.localDir" must be a non-empty path`, {
      key: "store.localDir",
    });
  const localDir =
    typeof o.localDir === "string"
      ? resolve(dirname(file), o.localDir.replace(/^~(?=\/|$)/, home))
      : join(userBrainDir(home), "team", teamKey(url, user));
  return {
    url,
    user,
    writer: `${user}@${hostname()}`,
    localDir,
    ...(o.connectTimeoutMs !== undefined
      ? { connectTimeoutMs: positive(file, "store.connectTimeoutMs", o.connectTimeoutMs) }
      : {}),
  };
}

/** A short name for one team brain as one user sees it: server, database and user (never the password). */
function teamKey(url: string, user: string): string {
  let where = url;
  try {
    const u = new URL(url);
    where = `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    /* an unparsable URL fails at open; its text names it here */
  }
  return crypto().createHash("sha256").update(`${where}\n${user}`).digest("hex").slice(0, 16);
}
