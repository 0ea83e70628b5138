/**
 * Words of a request that say nothing about its subject ("can you use …", "please make …"): recall weighs them
 * a quarter in a memory's coverage of a prompt (src/recall/relevance.ts), and the association graph never
 * leads from them (src/graph/prompt.ts). One list, so the two agree on what a generic word is.
 */
export const GENERIC_WORDS =
  "use using used make made get got let want need needs like try help please look see show know think tell " +
  "give take put keep go going come work works thing things something anything way new good sure also maybe " +
  "actually really just still able ok okay yes thanks thank quick quickly again instead here there";
