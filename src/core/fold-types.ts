import { type FoldedType, typesWhere } from "./entry-types.ts";
import type { Rec } from "./rec.ts";

/** Types the fold keeps by id, and Rho's keyed types it keeps by `key` (core/entry-types.ts). */
export type ArrayType = FoldedType<"byId">;
export type KeyedType = FoldedType<"byKey">;
export const ARRAY_TYPES: readonly ArrayType[] = typesWhere((d) => d.fold === "byId");
export const KEYED_TYPES: readonly KeyedType[] = typesWhere((d) => d.fold === "byKey");

/** A new empty map per type. */
export const mapsOf = <T extends string, M>(types: readonly T[]): Record<T, M> =>
  Object.fromEntries(types.map((t) => [t, new Map()])) as Record<T, M>;

/** A keyed type's live record and the order it was applied in. */
export interface KeyedSlot {
  rec: Rec;
  seq: number;
}
