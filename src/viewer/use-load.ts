import { useEffect, useState } from "preact/hooks";

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
}

/** Run `load` whenever a dependency changes; keep the last answer while the next one is on its way. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: undefined, error: undefined });
  useEffect(() => {
    let stale = false;
    load().then(
      (data) => !stale && setState({ data, error: undefined }),
      (err: unknown) => !stale && setState((s) => ({ data: s.data, error: String(err) })),
    );
    return () => {
      stale = true;
    };
  }, deps);
  return state;
}
