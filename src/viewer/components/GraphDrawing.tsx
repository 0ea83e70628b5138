import {
  forceCenter,
  forceCollide,
  forceLink,
  forceManyBody,
  forceSimulation,
  type SimulationNodeDatum,
} from "d3-force";
import { useMemo } from "preact/hooks";
import type { GraphNeighbourhood } from "../api.ts";

const W = 720;
const H = 440;

interface Placed extends SimulationNodeDatum {
  ref: string;
  title: string;
  kind: string;
}

/**
 * A node's neighbourhood drawn as a graph: the layout by d3-force (computed once per neighbourhood, ticked to
 * rest synchronously: no animation, the same picture for the same graph), circles sized by weight at the
 * history point shown, edges as thick as their weight. Every node is a button: click or Enter walks to it.
 */
export function GraphDrawing(props: {
  hood: GraphNeighbourhood;
  weights: Map<string, number | null>;
  onSelect: (ref: string) => void;
}) {
  const { hood } = props;
  const layout = useMemo(() => {
    const nodes: Placed[] = [hood.node, ...hood.neighbours].map((n) => ({
      ref: n.ref,
      title: n.title,
      kind: n.kind,
    }));
    const links = hood.links.map(([source, target, w]) => ({ source, target, w }));
    const sim = forceSimulation(nodes)
      .force(
        "link",
        forceLink<Placed, { source: string; target: string; w: number }>(links)
          .id((d) => d.ref)
          .distance(110),
      )
      .force("charge", forceManyBody().strength(-260))
      .force("center", forceCenter(W / 2, H / 2))
      .force("collide", forceCollide(28))
      .stop();
    for (let i = 0; i < 300; i++) sim.tick();
    const at = new Map(nodes.map((n) => [n.ref, n]));
    const clamp = (v: number | undefined, max: number) => Math.min(max - 20, Math.max(20, v ?? max / 2));
    return {
      nodes: nodes.map((n) => ({ ...n, x: clamp(n.x, W), y: clamp(n.y, H) })),
      links: hood.links.map(([a, b, w]) => ({ a: at.get(a) as Placed, b: at.get(b) as Placed, w })),
    };
  }, [hood]);
  const pos = new Map(layout.nodes.map((n) => [n.ref, n]));
  const weightOf = (ref: string) => {
    const w = props.weights.get(ref);
    return w === undefined ? ([hood.node, ...hood.neighbours].find((n) => n.ref === ref)?.weight ?? 0) : w;
  };
  return (
    <svg class="graph-drawing" viewBox={`0 0 ${W} ${H}`} aria-labelledby="graph-drawing-title">
      <title id="graph-drawing-title">Neighbourhood of {hood.node.title}</title>
      {layout.links.map((l) => {
        const a = pos.get(l.a.ref);
        const b = pos.get(l.b.ref);
        return a && b ? (
          <line
            key={`${l.a.ref}|${l.b.ref}`}
            x1={a.x}
            y1={a.y}
            x2={b.x}
            y2={b.y}
            stroke-width={1 + 5 * l.w}
            class="edge"
          />
        ) : null;
      })}
      {layout.nodes.map((n) => {
        const w = weightOf(n.ref);
        const r = w === null ? 4 : 8 + 18 * w;
        const current = n.ref === hood.node.ref;
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG group drawn as a node cannot be a <button>
          <g
            key={n.ref}
            data-ref={n.ref}
            role="button"
            tabindex={0}
            aria-label={`${n.title} (${n.kind}${w === null ? ", not there yet" : `, weight ${w.toFixed(2)}`})`}
            class={`node ${n.kind}${current ? " current" : ""}${w === null ? " absent" : ""}`}
            transform={`translate(${n.x},${n.y})`}
            onClick={() => props.onSelect(n.ref)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                props.onSelect(n.ref);
              }
            }}
          >
            <circle r={r} />
            <text y={r + 13}>{n.title.length > 28 ? `${n.title.slice(0, 27)}…` : n.title}</text>
          </g>
        );
      })}
    </svg>
  );
}
