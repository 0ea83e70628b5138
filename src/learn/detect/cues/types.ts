/**
 * The per-language cue table of model-free learning (issue 23): where the structure of an exchange is not
 * enough to tell a durable rule from a task, a few words per language are. Each language lists the same
 * kinds of cue; a sentence is matched against every language's list (their scripts rarely overlap, and a
 * Russian or Chinese sentence naming an English tool still reads right). Patterns are case-insensitive and
 * tested on one sentence; `lead` and `trail` are cut from a sentence to leave the fact.
 */
export interface CueTable {
  lang: string;
  /** An explicit request to remember: "remember that", "from now on", "запомни", "记住". */
  request: RegExp[];
  /** A sentence that only points at the one before it: "Remember that for next time.", "Учти это." */
  pointer: RegExp[];
  /** A standing rule: always, never, every time; всегда, никогда; 总是, 永远, 一律. */
  rule: RegExp[];
  /** A rule in the making, alone not enough: only, must; только, должны; 只. */
  weakRule: RegExp[];
  /** Every, all, any, no X may; все, каждый, любой; 所有, 每个, 任何: with a modal or a convention, a rule. */
  universal: RegExp[];
  /** How things are done here: "in this repo", "we use", "у нас", "这个仓库". */
  convention: RegExp[];
  /** A correction's opening: "no,", "actually", "нет,", "вообще-то", "不对", "其实". */
  opener: RegExp[];
  /** A negation anywhere: not, don't; не, нет; 不, 没. */
  negation: RegExp[];
  /** X, not Y; instead of; а не; 而不是. */
  contrast: RegExp[];
  /** A prohibition at the start: "don't …", "не используй …", "别 …". */
  prohibition: RegExp[];
  /** A stated preference: "I prefer", "я предпочитаю", "我更喜欢". */
  preference: RegExp[];
  /** The user waves something off: "never mind", "не важно", "算了". */
  dismissal: RegExp[];
  /** It is about this task only: "for now", "пока", "这次". */
  oneOff: RegExp[];
  /** It points at a thing of this task: "I meant the other one", "я имел в виду", "我说的是". */
  deictic: RegExp[];
  /** The user has said it before: "I told you", "again:", "я же говорил", "说了多少次". */
  reproach: RegExp[];
  /** A story, not a rule: "I always forget", "we always had trouble". */
  narrative: RegExp[];
  /** Cut from the start (again and again) and the end of a sentence to leave the fact. */
  lead: RegExp[];
  trail: RegExp[];
}

/** Letters and digits of any script: word edges that work beyond ASCII (JavaScript's \b does not). */
const L = "[\\p{L}\\p{N}_]";

/** A case-insensitive Unicode pattern whose alternatives match whole words. */
export function words(...alternatives: string[]): RegExp {
  return new RegExp(`(?<!${L})(?:${alternatives.join("|")})(?!${L})`, "iu");
}

/** The same, anchored at the sentence's start (after leading spaces and quotes). */
export function opening(...alternatives: string[]): RegExp {
  return new RegExp(`^[\\s"'«“(]*(?:${alternatives.join("|")})(?!${L})`, "iu");
}

/** Plain alternatives (scripts written without spaces: no word edges). */
export function plain(...alternatives: string[]): RegExp {
  return new RegExp(`(?:${alternatives.join("|")})`, "iu");
}

/** Plain alternatives at the start of a sentence. */
export function plainOpening(...alternatives: string[]): RegExp {
  return new RegExp(`^[\\s"'「“(]*(?:${alternatives.join("|")})`, "iu");
}
