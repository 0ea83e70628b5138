/** Brain files (seed 004): the core ones, always loaded in full (their own places in every context). */
export const CORE_FILES = ["SOUL.md", "USER.md", "AGENTS.md"] as const;
