/**
 * A HOME shaped like a user's who runs Claude Code, Codex and Gemini CLI with their own memories on, for the
 * host-memory tests: each host's memory files in its documented layout (src/learn/host-memory/read.ts), its
 * settings with the memory switches, and a project (a git repository) the Claude Code notes belong to.
 */
import * as fs from "node:fs";
import { dirname, join } from "node:path";

/** Claude Code's directory name for a project: every character outside [a-zA-Z0-9] becomes `-`. */
export const claudeSlug = (path: string) => path.replace(/[^a-zA-Z0-9]/g, "-");

export const GH_TOKEN = `ghp_${"A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"}`;

export function hostMemoryFiles(project: string): Record<string, string> {
  const claude = `.claude/projects/${claudeSlug(project)}/memory`;
  return {
    ".claude/settings.json": `{
  "model": "opus",
  "autoMemoryEnabled": true,
  "permissions": { "allow": ["Bash(npm test:*)"] }
}
`,
    ".claude/CLAUDE.md": "# My instructions\n\nAnswer briefly.\n",
    [`${claude}/MEMORY.md`]: `# Memory index

- [Testing against real Postgres](feedback_testing.md) — integration tests hit a real database, never mocks
- [User role](user_role.md) — backend engineer, new to the React side
- [Release freeze](project_release_freeze.md) — merge freeze for the mobile cut
- [Grafana dashboard](reference_grafana.md) — where oncall watches API latency
- Use pnpm, not npm, in this repo.
`,
    [`${claude}/feedback_testing.md`]: `---
name: Testing against real Postgres
description: integration tests hit a real database, never mocks
type: feedback
---
Integration tests must hit a real Postgres started by \`scripts/pg-up.sh\`, never a mocked client.

**Why:** last quarter the mocked tests passed while the production migration failed.

**How to apply:** before adding a test under test/integration, start the database with the script.
`,
    [`${claude}/user_role.md`]: `---
name: User role
description: backend engineer, new to the React side
type: user
---
The user is a backend engineer (ten years of Go) and new to this repo's React front end: explain frontend ideas through backend analogies.
`,
    [`${claude}/project_release_freeze.md`]: `---
name: Release freeze
description: merge freeze for the mobile cut
type: project
---
Non-critical merges are frozen from 2026-03-05 while the mobile team cuts the release branch.
`,
    [`${claude}/reference_grafana.md`]: `---
name: Grafana dashboard
description: where oncall watches API latency
type: reference
---
API latency is watched on grafana.internal/d/api-latency; oncall checks it before and after every deploy.
`,
    ".claude/projects/-home-me-other-repo/memory/MEMORY.md": "- [Lint](feedback_lint.md) — lint\n",
    ".claude/projects/-home-me-other-repo/memory/feedback_lint.md": `---
name: Lint
description: lint before commit
type: feedback
---
Run \`make lint\` before every commit in the other repo; CI rejects unformatted Go.
`,
    ".codex/config.toml": `model = "gpt-5.4"
approval_policy = "on-request"

[features]
memories = true

[memories]
use_memories = true
generate_memories = true
`,
    ".codex/memories/memory_summary.md": `## User Profile
- Works mostly in TypeScript and Rust; prefers small commits whose messages say why.

## General Tips
- Run \`cargo fmt\` before \`cargo clippy\`: clippy's suggestions assume formatted code.

## What's in Memory

### Recent Active Memory Window (last 3 days)
- **2026-11-20**: Auth refactor — keywords: oauth, jwt, middleware

### Older Memory Topics
- **CI pipeline** — keywords: github-actions, deploy
`,
    ".codex/memories/MEMORY.md": `# Task Group: app/auth

scope: Authentication and authorization for the app
applies_to: cwd=${project}

## Task 1: JWT refresh flow, success

### rollout_summary_files
- \`rollout_summaries/2026-11-20-LN3m-auth_refactor.md\`
  - cwd: ${project}
  - updated_at: 2026-11-20T21:23:02Z

### keywords
oauth, jwt, middleware, refresh-token

### learnings
- JWT refresh: invalidate the old token before issuing the new one.
- Middleware order matters: auth, then rate-limit, then validation.
- Deploys go through make release, never a manual kubectl apply.
- The staging deploy bot authenticates with ${GH_TOKEN} from the vault.
`,
    ".codex/memories/raw_memories.md": "# Raw memories\n- not consolidated yet: Codex's working material\n",
    ".gemini/settings.json": `{
  // Gemini CLI settings
  "theme": "GitHub",
  "experimental": { "autoMemory": true },
  "context": { "fileName": ["GEMINI.md", "AGENTS.md"] }
}
`,
    ".gemini/GEMINI.md": `# My global context

Always answer in English.

## Gemini Added Memories
- Use pnpm, not npm, in this repo.
- My preferred test runner is node:test, not jest.
- The staging database is reached through the bastion host bastion.internal.
`,
    ".gemini/tmp/3f9a1c/memory/MEMORY.md":
      "# Private project memory\n- [Local setup](local-setup.md) — my machine's quirks\n",
    ".gemini/tmp/3f9a1c/memory/local-setup.md":
      "# Local setup\n- On my machine the API runs on port 8787 because 8080 is taken by another service.\n",
    ".gemini/tmp/3f9a1c/memory/.inbox/private/extraction.patch":
      "--- a/MEMORY.md\n+++ b/MEMORY.md\n+- a proposal not applied\n",
  };
}

export function seedHostMemory(home: string, project: string): Record<string, string> {
  const files = hostMemoryFiles(project);
  for (const [rel, text] of Object.entries(files)) {
    const f = join(home, rel);
    fs.mkdirSync(dirname(f), { recursive: true });
    fs.writeFileSync(f, text);
  }
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  return files;
}
