import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { projectBrainPath } from "../project/repo-root.ts";

/**
 * `brain init --project`: the directory of the project's own brain, `.brain/` at the repository root, made
 * git-ignored by a `.gitignore` inside it (`*`: the brain is personal; the repository's own files are not
 * touched). Every command run inside the project finds it from then on (after --brain, BRAIN_PATH, BRAIN_DIR).
 */
export function prepareProjectBrain(cwd: string): string {
  const path = projectBrainPath(cwd);
  const dir = dirname(path);
  fs.mkdirSync(dir, { recursive: true });
  const ignore = join(dir, ".gitignore");
  if (!fs.existsSync(ignore))
    fs.writeFileSync(
      ignore,
      "# The project's own brain (brain init --project): personal, never committed.\n*\n",
    );
  return path;
}
