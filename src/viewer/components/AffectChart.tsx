import type { MindAnswer } from "../api.ts";

/** Seed 001's emotions and hormones over the ticks, one line each (values 0–1), with a legend. */
const SERIES = [
  ["emotions", "joy", "#e0a800"],
  ["emotions", "frustration", "#d9480f"],
  ["emotions", "interest", "#1c7ed6"],
  ["emotions", "confusion", "#868e96"],
  ["hormones", "dopamine", "#37b24d"],
  ["hormones", "cortisol", "#c2255c"],
  ["hormones", "serotonin", "#7048e8"],
] as const;
const W = 360;
const H = 120;

export function AffectChart(props: { points: NonNullable<MindAnswer["affect"]> }) {
  const pts = props.points;
  if (pts.length === 0) return <p class="muted">No ticks yet.</p>;
  const x = (i: number) => (pts.length === 1 ? W / 2 : (i / (pts.length - 1)) * W);
  const y = (v: number) => H - Math.max(0, Math.min(1, v)) * H;
  return (
    <figure class="affect">
      <svg class="affect-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Affect over time">
        {SERIES.map(([group, name, color]) => (
          <polyline
            key={name}
            class={`series ${name}`}
            fill="none"
            stroke={color}
            stroke-width="1.5"
            points={pts.map((p, i) => `${x(i).toFixed(1)},${y(p[group][name] ?? 0).toFixed(1)}`).join(" ")}
          />
        ))}
      </svg>
      <figcaption>
        {SERIES.map(([group, name, color]) => (
          <span key={name} class="legend" style={{ color }}>
            {name} {(pts.at(-1)?.[group][name] ?? 0).toFixed(2)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
