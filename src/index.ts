/** Public API: the engine, its configuration, and the pure core (fold, prompt, ids, text). */

export {
  DEFAULT_SETTINGS,
  loadConfig,
  parseSettings,
  type ResolvedConfig,
  resolveBrainPath,
  type Settings,
} from "./config.ts";
export type { ContextRequest, ContextResult, UsedPath } from "./context/build.ts";
export { ACTIONS, type Action, type ActionResult, plan } from "./core/actions.ts";
export { nextDue, parseInterval } from "./core/cadence.ts";
export { defaultBrain } from "./core/defaults.ts";
export { type EpisodeEntry, episodeId, renderEpisode, type Turn } from "./core/episode.ts";
export { BrainError, type BrainErrorCode } from "./core/errors.ts";
export { FoldState, foldEntries, LIST_ORDER } from "./core/fold.ts";
export { type BadLine, FoldView, type Health } from "./core/health.ts";
export { formatHeartbeat, type Heartbeat, heartbeat } from "./core/heartbeat.ts";
export { deterministicId } from "./core/ids.ts";
export { DEFAULT_BUDGET, type RhoPromptResult, renderRhoPrompt } from "./core/prompt-rho.ts";
export { Rec } from "./core/rec.ts";
export { daysSince, scoreLearning } from "./core/score.ts";
export { statsLine } from "./core/stats.ts";
export { approxTokens, normalizeText } from "./core/text.ts";
export { type BaseEntry, ENTRY_TYPES, type EntryType } from "./core/types.ts";
export { Brain, type BrainOptions } from "./engine/brain.ts";
export type {
  ActionInput,
  DecisionContext,
  DecisionOptions,
  MindCaps,
  MindFacet,
  MindOptions,
  MindTextLimits,
  Origin,
  ReflectInput,
  TickInput,
  TickResult,
} from "./engine/mind.ts";
export { brainOptions } from "./engine/options.ts";
export type { IngestOptions, IngestResult } from "./recall/ingest/ingest.ts";
export { detectFormat, parseTranscript, type TranscriptFormat } from "./recall/ingest/parse.ts";
export type { PromptMemories, PromptMemoryOptions } from "./recall/prompt-memories.ts";
export {
  hitLine,
  type Kind,
  type Recalled,
  type SearchHit,
  type SearchOptions,
  type SearchResult,
} from "./recall/types.ts";
export type { EventStore } from "./store/event-store.ts";
export { JsonlFileStore } from "./store/jsonl/file-store.ts";
export { FileLock } from "./store/jsonl/lock.ts";
export { MemoryStore } from "./store/memory-store.ts";
