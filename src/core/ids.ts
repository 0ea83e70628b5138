import { KEY_FIELD } from "./types.ts";

/** sha256 of a UTF-8 string as lower-case hex; injected so the core stays free of I/O modules. */
export type Sha256Hex = (s: string) => string;
/** n random bytes as lower-case hex; injected (crypto.randomBytes in production, seeded in tests). */
export type RandomHex = (bytes: number) => string;

/** Keyed types get `sha256("type:naturalKey")` first 8 hex chars, as Rho does. */
export function deterministicId(type: string, naturalKey: string, sha256: Sha256Hex): string {
  return sha256(`${type}:${naturalKey}`).slice(0, 8);
}

export function isKeyedType(type: string): boolean {
  return Object.hasOwn(KEY_FIELD, type);
}

/** The id a new entry gets: deterministic for keyed types, 8 random hex chars otherwise. */
export function newId(
  type: string,
  fields: Record<string, unknown>,
  sha256: Sha256Hex,
  random: RandomHex,
): string {
  const keyField = KEY_FIELD[type];
  if (keyField) return deterministicId(type, String(fields[keyField]), sha256);
  return random(4);
}
