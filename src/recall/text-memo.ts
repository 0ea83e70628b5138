/**
 * What was worked out from a text, kept by the text (analyze.ts `terms`, sentence-terms.ts `sentenceTerms`):
 * bounded by count and by characters (long assistant turns), emptied when full; texts longer than `longest`
 * are not kept. `clear` lets go of everything (a purge: a forgotten text stays in no memo either).
 */
export class TextMemo<T> {
  readonly #kept = new Map<string, T>();
  #chars = 0;

  constructor(
    private readonly maxTexts: number,
    private readonly maxChars: number,
    private readonly longest: number,
  ) {}

  get(text: string): T | undefined {
    return this.#kept.get(text);
  }

  set(text: string, value: T): void {
    if (text.length > this.longest) return;
    if (this.#kept.size >= this.maxTexts || this.#chars + text.length > this.maxChars) this.clear();
    this.#kept.set(text, value);
    this.#chars += text.length;
  }

  clear(): void {
    this.#kept.clear();
    this.#chars = 0;
  }
}
