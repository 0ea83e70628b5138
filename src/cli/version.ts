import * as fs from "node:fs";

/** The package's version, from package.json two levels up (src/cli/ in development, dist/cli/ when built). */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version?: string;
    };
    return pkg.version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
}
