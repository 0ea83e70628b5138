/**
 * The labelled set of coding sessions (test/learn/labelled/) through the learner in process: precision and
 * recall of the model-free candidates, with and without the curator, on a young (empty) and a grown brain
 * (40 memories), for the tune and the check split. `--split tune|check` (default both), `--show` lists the
 * missed facts and the wrong candidates. The test (test/learn/labelled.test.ts) checks the same through the
 * real hooks.
 *
 * `--detect structure` runs the structural cues alone (no per-language cue table), `--detect seed003` seed
 * 003's detectors as they were before issue 23 (structure, length ratio and novelty, keyword patterns): the
 * baselines of the cue table, measured on the same sessions in the same run.
 *
 *   node --import tsx bench/learn/labelled.ts [--split check] [--show] [--detect structure|seed003]
 */
import { loadLabelled, type Split } from "../../test/learn/labelled/format.ts";
import { runInProcess } from "../../test/learn/labelled/run.ts";
import { line } from "../../test/learn/labelled/score.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const show = process.argv.includes("--show");
const splits = (arg("split") ? [arg("split")] : ["tune", "check"]) as Split[];
const set = loadLabelled();
const detect =
  arg("detect") === "structure"
    ? { cueTable: false }
    : arg("detect") === "seed003"
      ? { cueTable: false, seed003: true, repeated: true }
      : undefined;

for (const split of splits) {
  for (const grown of [false, true]) {
    for (const noCurator of [true, false]) {
      const f = await runInProcess({ split, grown, noCurator, ...(detect ? { detect } : {}) }, set);
      console.log(
        `${arg("detect") ?? "cue table"} ${split} ${grown ? "grown" : "young"} ${noCurator ? "no curator" : "curator"}: ${line(f)}`,
      );
      if (show) {
        for (const m of f.missed) console.log(`   missed: ${m}`);
        for (const w of f.wrong) console.log(`   wrong: ${w}`);
      }
    }
  }
}
