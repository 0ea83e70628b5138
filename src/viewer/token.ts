/**
 * The viewer's credential. `brain open` prints `http://127.0.0.1:PORT/#token=…`: the fragment never leaves
 * the browser (not sent to the server, not in its logs, not in a Referer). The page takes it once, keeps it in
 * this tab's sessionStorage — per origin, and ports make origins, so a second brain's viewer on another port
 * keeps its own — removes it from the address bar, and sends it as `Authorization: Bearer` on every request.
 * Nothing is a cookie: a browser would send a cookie of 127.0.0.1 to every local port.
 */
const KEY = "brain.token";
let kept: string | null = null;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage switched off: the token lives as long as the page
  }
}

/** Called once at start: a `#token=` in the address replaces the one kept, then leaves the address bar. */
export function takeToken(): void {
  const m = /(?:^#|&)token=([^&]*)/.exec(window.location.hash);
  if (m?.[1]) {
    kept = decodeURIComponent(m[1]);
    storage()?.setItem(KEY, kept);
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
  }
}

export function token(): string | null {
  return kept ?? storage()?.getItem(KEY) ?? null;
}

/** The headers every request to the API carries. */
export function authHeaders(): Record<string, string> {
  const t = token();
  return t ? { authorization: `Bearer ${t}` } : {};
}

export const NO_TOKEN =
  "This page has no valid token for this server (it restarted, or the page was opened without one): " +
  "open the URL `brain open` prints.";
