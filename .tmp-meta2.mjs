import { build } from "esbuild";
import { isBuiltin } from "node:module";
const ext = { name: "x", setup(b) { b.onResolve({ filter: /^[^./]/ }, (a) => ({ path: a.path, external: true })); } };
const r = await build({ absWorkingDir: process.cwd(), entryPoints: ["src/cli/bin-main.ts"], outfile: "/tmp/p22/metaout/bm.cjs", bundle: true, format: "cjs", platform: "node", target: "node20", plugins: [ext], metafile: true, logLevel: "error" });
const ins = r.metafile.inputs;
// BFS over static (non-dynamic) imports from the entry, recording parent
const target = process.argv[2];
const par = new Map([["src/cli/bin-main.ts", null]]); const q = ["src/cli/bin-main.ts"];
while (q.length) { const f = q.shift(); for (const i of ins[f]?.imports ?? []) { if (i.kind === "dynamic-import" || i.external) continue; if (!par.has(i.path)) { par.set(i.path, f); q.push(i.path); } } }
console.log("static reach", par.size, "of", Object.keys(ins).length);
for (const t of target.split(",")) { let p = t, chain = []; while (p) { chain.push(p); p = par.get(p); } console.log(chain.reverse().join(" -> ")); }
