import * as fs from "node:fs";

let cached: string | undefined;

/** This package's version (package.json beside src/ and dist/), read once; "0.0.0" if it cannot be read. */
export function packageVersion(): string {
  if (cached === undefined) {
    try {
      const pkg = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
        version?: string;
      };
      cached = pkg.version ?? "0.0.0";
    } catch {
      cached = "0.0.0";
    }
  }
  return cached;
}
