/**
 * The labelled set of coding sessions (test/learn/labelled/) through the learner in process: precision and
 * recall of the model-free candidates, with and without the curator, on a young (empty) and a grown brain
 * (40 memories), for the tune and the check split. `--split tune|check` (default both), `--show` lists the
 * missed facts and the wrong candidates. The test (test/learn/labelled.test.ts) checks the same through the
 * real hooks.
 *
 *   node --import tsx bench/learn/labelled.ts [--split check] [--show]
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

for (const split of splits) {
  for (const grown of [false, true]) {
    for (const noCurator of [true, false]) {
      const f = await runInProcess({ split, grown, noCurator }, set);
      console.log(
        `${split} ${grown ? "grown" : "young"} ${noCurator ? "no curator" : "curator"}: ${line(f)}`,
      );
      if (show) {
        for (const m of f.missed) console.log(`   missed: ${m}`);
        for (const w of f.wrong) console.log(`   wrong: ${w}`);
      }
    }
  }
}
