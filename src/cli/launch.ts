import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
import { type BrainHome, writeLocalFile } from "../engine/local-files.ts";

/**
 * `brain open --launch`: open the viewer in the default browser without putting the token on a command line.
 * Every local user can read a process's arguments (/proc/PID/cmdline, `ps`), and a browser keeps the URL it
 * was started with there for as long as it runs. Ways weighed:
 * - a one-time ticket in the URL instead of the token: single-use and short-lived, but another local user
 *   polling /proc reads it within a millisecond and can redeem it before the browser has even started;
 * - a file only this user can read, whose path is the argument (what Jupyter does): the path reveals nothing.
 * Chosen: the file. `.brain/open.html` beside serve.json, mode 0600, redirects to the viewer's URL with the
 * token in the fragment (which never leaves the browser). It holds nothing serve.json does not — the same
 * token under the same owner-only protection — so the next launch simply replaces it. A browser confined
 * from reading it (a snap's cannot read hidden directories) shows an error; the printed URL works there.
 */
export function launchViewer(home: BrainHome, url: string): string {
  const file = home.file("openPage");
  const target = escapeHtml(url);
  writeLocalFile(file, redirectPage(target));
  const fileUrl = pathToFileURL(file).href;
  const [opener, arg] =
    process.platform === "darwin"
      ? ["open", fileUrl]
      : process.platform === "win32"
        ? ["explorer", file]
        : ["xdg-open", fileUrl];
  const child = spawn(opener, [arg], { detached: true, stdio: "ignore" });
  child.on("error", () => {});
  child.unref();
  return file;
}

function redirectPage(target: string): string {
  return `<!doctype html>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${target}">
<title>brain</title>
<p>Opening <a href="${target}">the brain viewer</a>…</p>
`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
