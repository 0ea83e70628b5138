import * as fs from "node:fs";
import { join, relative, resolve } from "node:path";
import { type Activation, activationFromFrontmatter, toList } from "../brainfiles/activation.ts";
import { lenientFrontmatter, splitFrontmatter, visibleContent } from "../brainfiles/markdown.ts";
import { insideRoot } from "../brainfiles/safe-path.ts";
import { BrainError } from "../core/errors.ts";
import { isInside } from "../core/inside.ts";
import { repoRoot } from "./repo-root.ts";

/** A project rule file found between the repository root and the working directory. */
export interface Rule {
  /** Path relative to the repository root, e.g. ".cursor/rules/testing.mdc". */
  path: string;
  /** Absolute path of the file. */
  file: string;
  /** Absolute directory the rule applies to (globs are relative to it). */
  scope: string;
  format: string;
  mode: Activation;
  globs: string[];
  description: string | undefined;
  content: string;
  problem?: { line: number; message: string };
}

export { repoRoot } from "./repo-root.ts";

function dirsFromRoot(root: string, cwd: string): string[] {
  const here = resolve(cwd);
  const parts = here !== root && isInside(here, root) ? relative(root, here).split("/") : [];
  const out = [root];
  let d = root;
  for (const p of parts) {
    d = join(d, p);
    out.push(d);
  }
  return out;
}

function listDir(dir: string, ext: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(ext))
      .sort()
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * Discover every common agent-rules format from the repository root down to `cwd` (OpenCrabs gaps #1, #11,
 * #12): AGENTS.md / AGENTS.override.md, CLAUDE.md + .claude/rules, GEMINI.md, .cursor/rules/*.mdc and
 * .cursorrules, .github/copilot-instructions.md + .github/instructions, .windsurf/rules and .windsurfrules,
 * .clinerules (file or folder). Files whose real path leaves the repository are refused.
 */
export function discoverRules(cwd: string): Rule[] {
  const root = repoRoot(cwd);
  const rules: Rule[] = [];
  const add = (
    file: string,
    scope: string,
    format: string,
    pick: (data: Record<string, unknown>) => Partial<Rule>,
  ) => {
    if (!isFile(file) || !insideRoot(root, file)) return;
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      return;
    }
    const fm = splitFrontmatter(text);
    // Not YAML but the tool's own key: value format (Cursor's unquoted globs)? Read it that way.
    const loose = fm.error ? lenientFrontmatter(text) : null;
    const data = loose ?? fm.data;
    const base = activationFromFrontmatter(data, "always");
    const picked = pick(data);
    rules.push({
      path: relative(root, file),
      file,
      scope,
      format,
      mode: picked.mode ?? base.mode,
      globs: picked.globs ?? base.globs,
      description: picked.description ?? base.description,
      content: visibleContent(fm.body),
      ...(fm.error && !loose ? { problem: fm.error } : {}),
    });
  };
  const always = () => ({ mode: "always" as Activation });
  for (const d of dirsFromRoot(root, cwd)) {
    const override = join(d, "AGENTS.override.md");
    if (isFile(override)) add(override, d, "agents-override", always);
    else add(join(d, "AGENTS.md"), d, "agents", always);
    add(join(d, "CLAUDE.md"), d, "claude", always);
    for (const f of listDir(join(d, ".claude", "rules"), ".md")) {
      add(f, d, "claude-rules", (data) => {
        const paths = toList(data.paths);
        return paths.length ? { mode: "auto", globs: paths } : { mode: "always" };
      });
    }
    add(join(d, "GEMINI.md"), d, "gemini", always);
    for (const f of listDir(join(d, ".cursor", "rules"), ".mdc")) {
      add(f, d, "cursor", (data) => {
        const globs = toList(data.globs);
        const description =
          typeof data.description === "string" && data.description.trim()
            ? data.description.trim()
            : undefined;
        if (data.alwaysApply === true) return { mode: "always", globs };
        if (globs.length) return { mode: "auto", globs };
        if (description) return { mode: "agent", description };
        return { mode: "manual" };
      });
    }
    add(join(d, ".cursorrules"), d, "cursorrules", always);
    add(join(d, ".github", "copilot-instructions.md"), d, "copilot", always);
    for (const f of listDir(join(d, ".github", "instructions"), ".instructions.md")) {
      add(f, d, "copilot-instructions", (data) => {
        const globs = toList(data.applyTo);
        return globs.length === 0 || globs.includes("**") || globs.includes("**/*")
          ? { mode: "always", globs }
          : { mode: "auto", globs };
      });
    }
    for (const f of listDir(join(d, ".windsurf", "rules"), ".md")) {
      add(f, d, "windsurf", (data) => {
        const trigger = String(data.trigger ?? "always_on");
        const globs = toList(data.globs);
        if (trigger === "glob") return { mode: "auto", globs };
        if (trigger === "model_decision") return { mode: "agent" };
        if (trigger === "manual") return { mode: "manual" };
        return { mode: "always" };
      });
    }
    add(join(d, ".windsurfrules"), d, "windsurfrules", always);
    const cline = join(d, ".clinerules");
    if (isFile(cline)) add(cline, d, "clinerules", always);
    else for (const f of listDir(cline, ".md")) add(f, d, "clinerules", always);
  }
  return rules;
}

/** One discovered rule by its repository-relative or absolute path; NOT_FOUND lists what exists. */
export function findRule(cwd: string, path: string): Rule {
  const rules = discoverRules(cwd);
  const rule = rules.find((r) => r.path === path || r.file === path);
  if (!rule) {
    throw new BrainError("NOT_FOUND", `No brain file or project rule "${path}" for ${cwd}`, {
      available: rules.map((r) => r.path),
    });
  }
  return rule;
}
