/**
 * The viewer's browser tests and bench: Debian's Chromium driven by playwright-core with a fresh profile and
 * everything that phones home switched off (the server is test/serve/_support.ts's real `brain serve`).
 * Without Chromium the tests fail under CI=true and skip (saying why) only when CI is unset.
 */
import * as fs from "node:fs";
import { type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

/** Why the browser tests cannot run here (null when they can). Throws under CI (CI=true, …): CI must have it. */
export function chromiumMissing(): string | null {
  if (fs.existsSync(CHROMIUM)) return null;
  const why = `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium; .ci/run does)`;
  const ci = process.env.CI;
  if (ci !== undefined && ci !== "" && ci !== "false" && ci !== "0") throw new Error(why);
  return why;
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
