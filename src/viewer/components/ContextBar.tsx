import { useState } from "preact/hooks";

/** The working directory and query the context is built for (what "injected" means below). */
export function ContextBar(props: {
  cwd: string;
  query: string;
  onApply: (cwd: string, query: string) => void;
}) {
  const [cwd, setCwd] = useState(props.cwd);
  const [query, setQuery] = useState(props.query);
  return (
    <form
      class="context-bar"
      aria-label="Context for"
      onSubmit={(e) => {
        e.preventDefault();
        props.onApply(cwd.trim(), query.trim());
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
      <button type="submit">Build context</button>
    </form>
  );
}
