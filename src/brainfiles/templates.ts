import * as fs from "node:fs";
import { join } from "node:path";

/**
 * Starting brain files written by `brain init`. Each declares what it owns; the empty headings are
 * prompts for the user and are stripped at read time, so a fresh template adds nothing to the context.
 */
const TEMPLATES: Record<string, { owns: string; sections: string[] }> = {
  "SOUL.md": { owns: "personality and voice — how the agent sounds", sections: ["Voice", "Character"] },
  "USER.md": {
    owns: "facts about the user — who they are, how they work, what annoys them",
    sections: ["About", "Working style"],
  },
  "AGENTS.md": {
    owns: "hard rules and safety gates — what must always or never happen",
    sections: ["Always", "Never", "Ask first"],
  },
  "CODE.md": {
    owns: "coding standards — style, structure, conventions",
    sections: ["Style", "Structure", "Testing"],
  },
  "TOOLS.md": {
    owns: "tool usage — patterns, pitfalls, environment",
    sections: ["Patterns", "Pitfalls", "Environment"],
  },
  "SECURITY.md": {
    owns: "security policy — secrets, permissions, incident response",
    sections: ["Secrets", "Permissions"],
  },
  "MEMORY.md": {
    owns: "long-term knowledge — project state, integrations, context",
    sections: ["Projects", "Integrations"],
  },
  "BOOT.md": {
    owns: "start-up and self-maintenance — first steps of a session",
    sections: ["On start", "Maintenance"],
  },
  "HEARTBEAT.md": {
    owns: "heartbeat work — what to check and do on each check-in",
    sections: ["Each check-in", "Daily"],
  },
};

/** The brain files Brain ships a template of, and each one's sections (the template sync merges new ones). */
export function templateSections(): Record<string, string[]> {
  return Object.fromEntries(Object.entries(TEMPLATES).map(([name, t]) => [name, [...t.sections]]));
}

export function templateText(name: string): string | undefined {
  const t = TEMPLATES[name];
  if (!t) return undefined;
  const title = name.replace(/\.md$/, "");
  return `# ${title}\n\n> **Owns:** ${t.owns}\n\n${t.sections.map((s) => `## ${s}\n`).join("\n")}`;
}

/** Write every template that does not exist yet; returns the names written. Never overwrites. */
export function writeTemplates(dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const written: string[] = [];
  for (const name of Object.keys(TEMPLATES)) {
    const path = join(dir, name);
    try {
      fs.writeFileSync(path, templateText(name) as string, { flag: "wx", mode: 0o600 });
      written.push(name);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
  return written;
}
