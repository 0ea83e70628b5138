/**
 * Reciprocal-rank fusion: each list votes 1 / (k + rank) for its items (rank from 1); items are ordered by
 * their summed votes, ties by first appearance. k = 60 is the usual constant (it damps the head of each
 * list). Pure.
 */
export function reciprocalRankFusion(
  lists: readonly (readonly string[])[],
  k = 60,
): { id: string; score: number }[] {
  const score = new Map<string, number>();
  for (const list of lists)
    list.forEach((id, i) => {
      score.set(id, (score.get(id) ?? 0) + 1 / (k + i + 1));
    });
  return [...score].map(([id, s]) => ({ id, score: s })).sort((a, b) => b.score - a.score);
}
