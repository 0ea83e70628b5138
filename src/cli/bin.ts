#!/usr/bin/env node
import { fileURLToPath } from "node:url";
import type { bin } from "./bin-main.ts";
import { bundleLoader } from "./code-cache.ts";
import { codeCacheFor } from "./code-cache-config.ts";

/**
 * The `brain` bin as installed (package.json "bin": dist/cli/brain.cjs): only this, so what every hook parses
 * from source is a few lines. The bin proper (src/cli/bin-main.ts, dist/cli/bin-main.cjs) and the in-process
 * hook are loaded through V8's code cache (src/cli/code-cache.ts).
 */
// The bundles' ES-module imports (the CLI proper, secretlint) resolve from here: the same directory.
const load = bundleLoader(codeCacheFor(process.argv), (specifier) => import(specifier));
const main = load(fileURLToPath(new URL("./bin-main.cjs", import.meta.url))).bin as typeof bin;
void main(load);
