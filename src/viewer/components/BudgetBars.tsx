import type { ContextAnswer } from "../api.ts";

/** Tokens used per context section against its budget, and the total. */
export function BudgetBars(props: { answer: ContextAnswer }) {
  const { answer } = props;
  const rows = [
    { name: "total", tokens: answer.tokens, budget: answer.budget },
    ...answer.sections.map((s) => ({
      name: s.title ?? s.name,
      tokens: s.tokens,
      budget: s.budget ?? answer.budget,
    })),
  ];
  return (
    <section class="budgets" aria-label="Budget per section">
      {rows.map((s) => {
        const pct = s.budget > 0 ? Math.min(100, Math.round((s.tokens / s.budget) * 100)) : 0;
        return (
          <div class="budget" key={s.name}>
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
              {s.tokens}/{s.budget}
            </span>
          </div>
        );
      })}
    </section>
  );
}
