import { useState } from "preact/hooks";

export interface ContextChoice {
  cwd: string;
  query: string;
  /** Token budget; 0 = the brain's configured one. */
  budget: number;
}

/** The working directory, query and budget the context is built for (what "injected" means below). */
export function ContextBar(props: { value: ContextChoice; onApply: (c: ContextChoice) => void }) {
  const [cwd, setCwd] = useState(props.value.cwd);
  const [query, setQuery] = useState(props.value.query);
  const [budget, setBudget] = useState(props.value.budget ? String(props.value.budget) : "");
  return (
    <form
      class="context-bar"
      aria-label="Context for"
      onSubmit={(e) => {
        e.preventDefault();
        const b = Number.parseInt(budget, 10);
        props.onApply({ cwd: cwd.trim(), query: query.trim(), budget: Number.isFinite(b) && b > 0 ? b : 0 });
      }}
    >
      <label>
        cwd
        <input
          name="cwd"
          aria-label="Working directory"
          placeholder="(server's cwd)"
          value={cwd}
          onInput={(e) => setCwd(e.currentTarget.value)}
        />
      </label>
      <label>
        query
        <input
          name="query"
          aria-label="Prompt query"
          placeholder="(none)"
          value={query}
          onInput={(e) => setQuery(e.currentTarget.value)}
        />
      </label>
      <label>
        budget
        <input
          name="budget"
          class="budget-input"
          aria-label="Token budget"
          inputMode="numeric"
          placeholder="(default)"
          value={budget}
          onInput={(e) => setBudget(e.currentTarget.value)}
        />
      </label>
      <button type="submit">Build context</button>
    </form>
  );
}
