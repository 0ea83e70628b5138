/**
 * The one set of entry builders for tests: schema-shaped entries of every live type with a fixed
 * `created`. `entriesAt(created)` gives builders for another creation time; `extra` fields override.
 */
import type { BaseEntry } from "../../src/core/types.ts";

type Extra = Record<string, unknown>;

export function entriesAt(created: string) {
  return {
    identity: (key: string, value: string, id = `id-${key}`): BaseEntry => ({
      id,
      type: "identity",
      key,
      value,
      created,
    }),
    user: (key: string, value: string, id = `us-${key}`): BaseEntry => ({
      id,
      type: "user",
      key,
      value,
      created,
    }),
    behavior: (id: string, category: string, text: string): BaseEntry => ({
      id,
      type: "behavior",
      category,
      text,
      created,
    }),
    preference: (id: string, category: string, text: string): BaseEntry => ({
      id,
      type: "preference",
      category,
      text,
      created,
    }),
    context: (id: string, project: string, path: string, content: string): BaseEntry => ({
      id,
      type: "context",
      project,
      path,
      content,
      created,
    }),
    learning: (id: string, text: string, extra: Extra = {}): BaseEntry => ({
      id,
      type: "learning",
      text,
      created,
      ...extra,
    }),
    task: (id: string, description: string, extra: Extra = {}): BaseEntry => ({
      id,
      type: "task",
      description,
      status: "pending",
      priority: "normal",
      due: null,
      tags: [],
      completedAt: null,
      created,
      ...extra,
    }),
    reminder: (id: string, text: string, extra: Extra = {}): BaseEntry => ({
      id,
      type: "reminder",
      text,
      cadence: { kind: "interval", every: "6h" },
      enabled: true,
      priority: "normal",
      tags: [],
      last_run: null,
      next_due: null,
      last_result: null,
      last_error: null,
      created,
      ...extra,
    }),
  };
}

/** JSONL text of entries (each line newline-terminated). */
export const jsonl = (entries: readonly object[]): string =>
  entries.map((e) => `${JSON.stringify(e)}\n`).join("");
