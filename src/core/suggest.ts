/** Levenshtein distance between two short strings (names a person typed, not documents). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
    }
    prev = row;
  }
  return prev[b.length] as number;
}

/**
 * The known name closest to what was typed, when it is close enough to be a typo (at most a third of its
 * letters wrong, and never more than 3); undefined otherwise. Case is ignored.
 */
export function closest(typed: string, known: readonly string[]): string | undefined {
  const t = typed.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(t.length / 3)));
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = editDistance(t, name.toLowerCase());
    if (d <= limit && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/** ` (did you mean X?)` when there is a close known name, else "". */
export function didYouMean(typed: string, known: readonly string[]): string {
  const c = closest(typed, known);
  return c ? ` (did you mean ${c}?)` : "";
}
