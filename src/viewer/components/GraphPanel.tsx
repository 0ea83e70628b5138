import { useEffect, useState } from "preact/hooks";
import { api } from "../api.ts";
import { useLoad } from "../use-load.ts";
import { GraphDrawing } from "./GraphDrawing.tsx";

/**
 * The association graph: its hubs, a node's neighbourhood drawn as a graph you can click through, and the
 * weights of the node and its neighbours over time through a history slider (the logs replayed).
 */
export function GraphPanel(props: { tick: number }) {
  const hubs = useLoad(() => api.graphHubs(12), [props.tick]);
  const [ref, setRef] = useState<string | null>(null);
  const [find, setFind] = useState("");
  const selected = ref ?? hubs.data?.hubs[0]?.ref ?? null;
  const hood = useLoad(
    () => (selected ? api.graphNode(selected) : Promise.resolve(null)),
    [selected, props.tick],
  );
  const tl = useLoad(
    () => (selected ? api.graphTimeline(selected) : Promise.resolve(null)),
    [selected, props.tick],
  );
  const count = tl.data?.points.length ?? 0;
  const [at, setAt] = useState<number | null>(null);
  useEffect(() => setAt(null), [selected]);
  const point = Math.min(at ?? count - 1, count - 1);
  const p = point >= 0 ? tl.data?.points[point] : undefined;
  const weights = new Map<string, number | null>(
    (tl.data?.refs ?? []).map((r, i) => [r, p ? (p.weights[i] ?? null) : null]),
  );
  return (
    <section aria-label="Graph" class="graph">
      <div class="cols">
        <nav class="hubs" aria-label="Hubs">
          <h2>Hubs</h2>
          {hubs.error && <p class="error">Graph unavailable: {hubs.error}</p>}
          {hubs.data?.hubs.length === 0 && <p>The graph is empty.</p>}
          <ol class="plain">
            {(hubs.data?.hubs ?? []).map((h) => (
              <li key={h.ref}>
                <button
                  type="button"
                  class={h.ref === selected ? "hub current" : "hub"}
                  onClick={() => setRef(h.ref)}
                >
                  {h.title} <span class="muted">· {h.edges}</span>
                </button>
              </li>
            ))}
          </ol>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (find.trim()) setRef(find.trim());
            }}
          >
            <input
              aria-label="Find a node"
              placeholder="a word or a ref"
              value={find}
              onInput={(e) => setFind(e.currentTarget.value)}
            />
            <button type="submit">Show</button>
          </form>
        </nav>
        <div class="neighbourhood">
          {hood.error && selected && (
            <p class="error" role="alert">
              {hood.error}
            </p>
          )}
          {hood.data && (
            <>
              <h2>
                <span class="kind">{hood.data.node.kind}</span> {hood.data.node.title}{" "}
                <code>{hood.data.node.ref}</code>
              </h2>
              {count > 0 && (
                <label class="slider">
                  <span>
                    Weights at{" "}
                    <output aria-live="polite">{p ? p.at.slice(0, 19).replace("T", " ") : ""}</output> (point{" "}
                    {point + 1} of {count})
                  </span>
                  <input
                    type="range"
                    aria-label="Graph history point"
                    min={0}
                    max={Math.max(0, count - 1)}
                    value={point}
                    onInput={(e) => setAt(Number(e.currentTarget.value))}
                  />
                </label>
              )}
              <GraphDrawing hood={hood.data} weights={weights} onSelect={setRef} />
              <ul class="plain neighbours" aria-label="Neighbours">
                {hood.data.neighbours.map((n) => (
                  <li key={n.ref} data-ref={n.ref}>
                    <button type="button" class="link" onClick={() => setRef(n.ref)}>
                      {n.title}
                    </button>{" "}
                    <span class="muted">
                      {n.kind} · link {n.link?.toFixed(2)} · weight{" "}
                      {(weights.get(n.ref) ?? n.weight)?.toFixed?.(2) ?? "—"}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
