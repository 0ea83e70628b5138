import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { startServe, until } from "../serve/_support.ts";
import { brainOk, freshSandbox } from "../support/cli.ts";
import { chromiumMissing, launchBrowser } from "../support/viewer.ts";

/**
 * `brain open --launch` and the command line (issue 21): every local user can read /proc/PID/cmdline, for as
 * long as the browser runs. The opener (a stand-in `xdg-open` first in PATH that records its arguments) must
 * not receive the token; what it receives must still bring Chromium to the viewer, signed in.
 */
const missing = chromiumMissing();

test("brain open --launch puts no token on a command line, and the browser still lands in the viewer", {
  skip: process.platform !== "linux" ? "xdg-open is the opener on Linux only" : false,
}, async (t) => {
  const sb = freshSandbox(t, "brain-open-launch-");
  await brainOk(sb, ["add", "type=learning", "text=The launched brain's own learning"]);
  const bin = join(sb.dir, "bin");
  const argvLog = join(sb.dir, "opener-argv");
  fs.mkdirSync(bin);
  fs.writeFileSync(
    join(bin, "xdg-open"),
    `#!/bin/sh\nprintf '%s\\n' "$@" > "${argvLog}.tmp"\nmv "${argvLog}.tmp" "${argvLog}"\n`,
    {
      mode: 0o755,
    },
  );
  const s = await startServe(sb, t, { args: ["--idle-minutes", "0"] });
  const printed = (await brainOk(sb, ["open", "--launch"], { env: { PATH: `${bin}:${process.env.PATH}` } }))
    .stdout;
  assert.match(
    printed,
    new RegExp(`#token=${s.info.token}`),
    "the printed URL still carries it (stdout is the user's)",
  );
  await until(() => fs.existsSync(argvLog), "the opener ran");
  const argv = fs.readFileSync(argvLog, "utf8").trimEnd().split("\n");
  assert.equal(argv.length, 1, argv.join(" "));
  assert.ok(!argv[0]?.includes(s.info.token), `the opener's arguments hold the token: ${argv[0]}`);
  const file = fileURLToPath(argv[0] as string);
  assert.equal(fs.statSync(file).mode & 0o777, 0o600, "only the user can read what it points to");

  if (missing) return t.diagnostic(`Chromium part skipped: ${missing}`);
  const b = await launchBrowser(join(sb.dir, "profile"));
  try {
    await b.page.goto(argv[0] as string);
    await b.page.locator("li.entry", { hasText: "launched brain's own learning" }).waitFor();
    const at = b.page.url();
    assert.equal(at, `http://127.0.0.1:${s.info.port}/`, "signed in, and the token left the address bar");
  } finally {
    await b.close(); // before the sandbox (and the profile in it) is removed
  }
});
