import type { ContextAnswer } from "../api.ts";

interface Row {
  name: string;
  tokens: number;
  budget: number;
}

/** The total against the budget; each section's tokens behind a disclosure (they are many and mostly small). */
export function BudgetBars(props: { answer: ContextAnswer }) {
  const { answer } = props;
  const sections = answer.sections.map((s) => ({
    name: s.title ?? s.name,
    tokens: s.tokens,
    budget: s.budget ?? answer.budget,
  }));
  return (
    <section class="budgets" aria-label="Budget per section">
      <Bar row={{ name: "total", tokens: answer.tokens, budget: answer.budget }} />
      <details class="sections">
        <summary>
          {sections.length} section{sections.length === 1 ? "" : "s"} in the context
        </summary>
        <div class="section-bars">
          {sections.map((s) => (
            <Bar key={s.name} row={s} />
          ))}
        </div>
      </details>
    </section>
  );
}

function Bar(props: { row: Row }) {
  const s = props.row;
  const pct = s.budget > 0 ? Math.min(100, Math.round((s.tokens / s.budget) * 100)) : 0;
  return (
    <div class="budget">
      <span class="budget-name">{s.name}</span>
      <meter
        class="bar"
        aria-label={`${s.name} budget`}
        min={0}
        max={Math.max(1, s.budget)}
        high={Math.max(1, s.budget) * 0.95}
        value={s.tokens}
        title={`${pct}%`}
      />
      <span class="budget-num">
        {s.tokens}/{s.budget} tokens
      </span>
    </div>
  );
}
