import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * This package's root directory (where its package.json is), found by walking up from this module. Source
 * (src/…), the library build (dist/…) and the bundled bin (dist/cli/chunk-*.js) sit at different depths, so
 * no fixed `../..` fits them all.
 */
let root: string | null | undefined;

/** The npm package's name (the command it installs stays `brain`; `brain` on npm is someone else's). */
export const PACKAGE_NAME = "agent-brain";

export function packageRoot(): string | null {
  if (root === undefined) root = findRoot();
  return root;
}

function findRoot(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, "package.json");
    try {
      if ((JSON.parse(fs.readFileSync(pkg, "utf8")) as { name?: string }).name === PACKAGE_NAME) return dir;
    } catch {
      /* not here: go up */
    }
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

let version: string | undefined;

/** This package's version, read once; "0.0.0" if it cannot be read. */
export function packageVersion(): string {
  if (version !== undefined) return version;
  const r = packageRoot();
  try {
    const pkg = r
      ? (JSON.parse(fs.readFileSync(join(r, "package.json"), "utf8")) as { version?: string })
      : {};
    version = pkg.version ?? "0.0.0";
  } catch {
    version = "0.0.0";
  }
  return version;
}
