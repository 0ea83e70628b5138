/**
 * Modules the engine loads on first use and then keeps. Its operations load what only they need this way, so
 * opening a brain (what `brain stats` or a hook pays for on every start) does not load the write path. A
 * fresh `import()` per call would resolve the specifier again every time (through the loader hooks, when
 * there are any), which was most of a write's latency.
 */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

export const actions = onFirstUse(() =>
  Promise.all([import("../core/actions.ts"), import("../core/params.ts")]),
);
/** The write gate's checks: the schema registry (zod) and the guards (secretlint on first secret scan). */
export const gateModules = onFirstUse(() =>
  Promise.all([import("../core/schema.ts"), import("../guards/write-guard.ts")]),
);
export const migration = onFirstUse(() =>
  Promise.all([import("../core/migrate.ts"), import("../store/legacy-files.ts")]),
);
export const brainFileWrite = onFirstUse(() =>
  Promise.all([import("../brainfiles/write.ts"), import("../guards/write-guard.ts")]),
);
