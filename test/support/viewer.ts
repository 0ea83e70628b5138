/**
 * The viewer's browser tests and bench: a real `brain serve` (the built bin) on a sandbox brain, and Debian's
 * Chromium driven by playwright-core with a fresh profile and everything that phones home switched off.
 * Without Chromium the tests fail under CI=true and skip (saying why) only when CI is unset.
 */
import * as fs from "node:fs";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { BIN, childEnv, type Sandbox } from "./cli.ts";
import { assertBuilt, type Started, startProcess } from "./spawn.ts";

export const CHROMIUM = "/usr/bin/chromium";

/** Why the browser tests cannot run here (null when they can). Throws under CI: CI must have Chromium. */
export function chromiumMissing(): string | null {
  if (fs.existsSync(CHROMIUM)) return null;
  const why = `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium; .ci/run does)`;
  if (process.env.CI === "true") throw new Error(why);
  return why;
}

export interface Served {
  port: number;
  token: string;
  /** The URL `brain open` prints: it sets the token cookie and redirects to the page. */
  openUrl: string;
  origin: string;
  server: Started;
  stop(): Promise<void>;
}

/** `brain serve` on the sandbox's brain; resolves once `.brain/serve.json` names this process. */
export async function startServe(sb: Sandbox): Promise<Served> {
  assertBuilt();
  const server = startProcess(process.execPath, [BIN, "serve", "--idle-minutes", "0"], {
    env: childEnv(sb),
    cwd: sb.dir,
  });
  const infoPath = join(sb.brainPath, "..", ".brain", "serve.json");
  let exited = false;
  void server.done.then(() => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`brain serve exited early:\n${server.stderr()}`);
    try {
      const info = JSON.parse(fs.readFileSync(infoPath, "utf8")) as {
        pid: number;
        port: number;
        token: string;
      };
      if (info.pid === server.child.pid) {
        const origin = `http://127.0.0.1:${info.port}`;
        return {
          port: info.port,
          token: info.token,
          origin,
          openUrl: `${origin}/?token=${info.token}`,
          server,
          stop: async () => {
            server.child.kill("SIGTERM");
            await server.done;
          },
        };
      }
    } catch {
      /* not written yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Every URL the browser requested. */
  requests: string[];
  close(): Promise<void>;
}

/** Chromium headless, fresh profile, no network beyond what the page asks for; no waits against the clock. */
export async function launchBrowser(
  profileDir: string,
  viewport = { width: 1280, height: 800 },
): Promise<Browser> {
  fs.mkdirSync(profileDir, { recursive: true });
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  // No waits against the clock; VIEWER_DEBUG_TIMEOUT_MS (debugging only) turns a hang into an error that says where.
  context.setDefaultTimeout(Number(process.env.VIEWER_DEBUG_TIMEOUT_MS ?? 0));
  const requests: string[] = [];
  context.on("request", (r) => requests.push(r.url()));
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("request", (r) => requests.push(r.url()));
  return { context, page, requests, close: () => context.close() };
}
