/**
 * What a command loads from the bundled bin: the files reached by static imports from dist/cli/main.js and
 * from the given entries (the modules main.ts and the engine reach with import()), with their sizes and the
 * source modules each holds. Reads the metafile `node scripts/build.mjs --meta <file>` writes.
 *
 *   node scripts/build.mjs --meta /tmp/meta.json
 *   node scripts/chunks.mjs /tmp/meta.json src/cli/stats.ts                          # brain stats
 *   node scripts/chunks.mjs /tmp/meta.json src/cli/hook.ts src/engine-recall.ts      # the prompt hook
 */
import * as fs from "node:fs";

const [metaFile, ...entries] = process.argv.slice(2);
if (!metaFile) {
  process.stderr.write("usage: node scripts/chunks.mjs <metafile> [src/entry.ts …]\n");
  process.exit(2);
}
const outputs = JSON.parse(fs.readFileSync(metaFile, "utf8")).outputs;
const outputOf = (entry) => {
  const found = Object.keys(outputs).find((k) => outputs[k].entryPoint === entry);
  if (!found) throw new Error(`${entry} is not an entry of the bundle (reached by an import())`);
  return found;
};
const main = Object.keys(outputs).find((k) => k.endsWith("/main.js"));
const seen = new Set();
const todo = [main, ...entries.map(outputOf)];
while (todo.length) {
  const file = todo.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  for (const i of outputs[file].imports) if (i.kind === "import-statement" && !i.external) todo.push(i.path);
}
let bytes = 0;
for (const file of seen) {
  const o = outputs[file];
  bytes += o.bytes;
  const held = Object.keys(o.inputs).map((s) => s.replace(/^src\//, "").replace(/^.*node_modules\//, "npm:"));
  const packages = o.imports
    .filter((i) => i.external && i.kind === "import-statement" && !i.path.startsWith("node:"))
    .map((i) => i.path);
  const ext = packages.length ? `  (packages: ${packages.join(", ")})` : "";
  process.stdout.write(
    `${file.split("/").pop().padEnd(20)} ${String(o.bytes).padStart(7)}  ${held.join(" ")}${ext}\n`,
  );
}
process.stdout.write(`${seen.size} files, ${(bytes / 1024).toFixed(1)} KB\n`);
