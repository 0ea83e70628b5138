/**
 * The host memory readers and the import, as properties over generated memory files on a real disk: every note
 * written in a host's format is read back with its line, nothing outside it is; each distinct note is proposed
 * once however many hosts hold it, and a second import adds nothing.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { normalizeText } from "../../src/core/text.ts";
import { importHostMemory } from "../../src/learn/host-memory/import.ts";
import { type HostMemoryPlaces, readHostMemory } from "../../src/learn/host-memory/read.ts";
import { MemoryIndex } from "../../src/learn/memory-store.ts";
import { similarity } from "../../src/learn/near-dup.ts";
import { BrainHome } from "../../src/store/home.ts";
import { fc } from "../support/fc.ts";

const word = fc.stringMatching(/^[a-z]{3,9}$/);
const sentence = fc.array(word, { minLength: 4, maxLength: 10 }).map((w) => `${w.join(" ")}.`);

function places(): HostMemoryPlaces & { root: string } {
  const root = fs.mkdtempSync(join(tmpdir(), "brain-hmread-"));
  const home = join(root, "home");
  return {
    root,
    homeDir: home,
    claudeDir: join(home, ".claude"),
    codexDir: join(home, ".codex"),
    geminiDir: join(home, ".gemini"),
  };
}

function write(file: string, text: string): void {
  fs.mkdirSync(dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const READ = { maxFileBytes: 1 << 20 };

describe("host memory readers (properties)", () => {
  it("Gemini: every saved memory is read with its line, the rest of GEMINI.md is not", () => {
    fc.assert(
      fc.property(fc.array(sentence, { maxLength: 8 }), sentence, sentence, (notes, before, after) => {
        const p = places();
        try {
          const lines = [
            "# Mine",
            "",
            before,
            "",
            "## Gemini Added Memories",
            ...notes.map((n) => `- ${n}`),
            "",
            "## Later",
            after,
          ];
          write(join(p.geminiDir, "GEMINI.md"), `${lines.join("\n")}\n`);
          const got = readHostMemory("gemini", p, READ).flatMap((f) => f.notes);
          assert.deepEqual(
            got.map((n) => [n.text, n.line]),
            notes.map((n, i) => [n, 6 + i]),
          );
        } finally {
          fs.rmSync(p.root, { recursive: true, force: true });
        }
      }),
      { numRuns: 40 },
    );
  });

  it("Claude Code: one note per topic file, one per plain index line, none for a line pointing at a file", () => {
    const type = fc.constantFrom("user", "feedback", "project", "reference");
    fc.assert(
      fc.property(
        fc.array(fc.record({ type, body: fc.array(sentence, { minLength: 1, maxLength: 3 }) }), {
          maxLength: 5,
        }),
        fc.array(sentence, { maxLength: 3 }),
        (topics, plain) => {
          const p = places();
          try {
            const dir = join(p.claudeDir, "projects", "-work-app", "memory");
            const index = topics.map((_, i) => `- [Topic ${i}](topic_${i}.md) — about ${i}`);
            write(
              join(dir, "MEMORY.md"),
              `# Index\n\n${[...index, ...plain.map((s) => `- ${s}`)].join("\n")}\n`,
            );
            for (const [i, t] of topics.entries())
              write(
                join(dir, `topic_${i}.md`),
                `---\nname: Topic ${i}\ndescription: about ${i}\ntype: ${t.type}\n---\n${t.body.join("\n\n")}\n`,
              );
            const notes = readHostMemory("claude", p, READ).flatMap((f) => f.notes);
            const fromIndex = notes.filter((n) => n.file.endsWith("MEMORY.md"));
            assert.deepEqual(
              fromIndex.map((n) => n.text),
              plain,
            );
            const fromTopics = notes.filter((n) => !n.file.endsWith("MEMORY.md"));
            assert.deepEqual(
              fromTopics.map((n) => [n.text, n.type, n.line]),
              topics.map((t) => [
                t.body.join(" "),
                t.type === "user" || t.type === "feedback" ? "preference" : "learning",
                6,
              ]),
            );
          } finally {
            fs.rmSync(p.root, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("each distinct note is proposed once however many hosts hold it; a second import adds nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(sentence, { minLength: 1, maxLength: 8 }),
        fc.array(fc.subarray(["claude", "codex", "gemini"], { minLength: 1 }), {
          minLength: 8,
          maxLength: 8,
        }),
        async (notes, where) => {
          const p = places();
          try {
            const has = (h: string) => notes.filter((_, i) => where[i]?.includes(h));
            write(
              join(p.claudeDir, "projects", "-x", "memory", "MEMORY.md"),
              has("claude")
                .map((n) => `- ${n}\n`)
                .join(""),
            );
            write(
              join(p.codexDir, "memories", "MEMORY.md"),
              `# Task Group: x\n\n### learnings\n${has("codex")
                .map((n) => `- ${n}\n`)
                .join("")}`,
            );
            write(
              join(p.geminiDir, "GEMINI.md"),
              `## Gemini Added Memories\n${has("gemini")
                .map((n) => `- ${n}\n`)
                .join("")}`,
            );
            const home = new BrainHome(join(p.root, "brain"));
            const deps = {
              home,
              memories: async () => new MemoryIndex(),
              now: new Date("2026-11-26T00:00:00Z"),
            };
            const read = (seen: Record<string, string>) =>
              (["claude", "codex", "gemini"] as const).flatMap((h) =>
                readHostMemory(h, p, { ...READ, seen }),
              );
            const r = await importHostMemory(deps, read);
            const texts = r.added.map((c) => c.text);
            assert.equal(new Set(texts).size, texts.length, "no note proposed twice");
            for (const n of notes) {
              const near = texts.some((t) => similarity(normalizeText(t), normalizeText(n)) >= 0.8);
              assert.ok(near, `${n} proposed (or a near-duplicate of it)`);
            }
            assert.equal(
              r.notes,
              where.slice(0, notes.length).reduce((s, w) => s + w.length, 0),
            );
            const again = await importHostMemory(deps, read, { reread: true });
            assert.equal(again.added.length, 0);
            const unchanged = await importHostMemory(deps, read);
            assert.deepEqual([unchanged.notes, unchanged.unchanged], [0, 3], "no file read again");
          } finally {
            fs.rmSync(p.root, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
