import { api } from "../api.ts";
import { useLoad } from "../use-load.ts";

const size = (tokens: number) => (tokens === 0 ? "empty" : `${tokens} tokens`);
/** A brain file's activation in words: "always" files are in every context, "agent" ones read on request. */
const LOADED: Record<string, string> = { always: "in every context", agent: "read on request" };
const loaded = (a: boolean | string) =>
  typeof a === "string" ? (LOADED[a] ?? a) : a ? "applies" : "not loaded";

/** The project rules and brain files in force for the chosen working directory. */
export function RulesPanel(props: { cwd: string; tick: number }) {
  const r = useLoad(() => api.rules(props.cwd), [props.cwd, props.tick]);
  if (r.error && !r.data) return <p class="error">{r.error}</p>;
  if (!r.data)
    return (
      <p class="loading" role="status">
        Loading…
      </p>
    );
  const { rules, brainFiles } = r.data;
  return (
    <section aria-label="Rules and brain files" class="cols">
      <div>
        <h2>Rules for {props.cwd || "the server's cwd"}</h2>
        {rules.length === 0 && (
          <p class="empty">
            No project rules here (AGENTS.md, CLAUDE.md, .cursor/rules …): set the cwd at the top to a
            project.
          </p>
        )}
        <ul class="plain">
          {rules.map((x) => (
            <li key={x.path}>
              <span class={x.applies === true || x.applies === "always" ? "badge in" : "badge out"}>
                {typeof x.applies === "string" ? x.applies : x.applies ? "applies" : "available"}
              </span>{" "}
              <code>{x.path}</code> · {x.kind} · {size(x.tokens)}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2>Brain files</h2>
        <ul class="plain">
          {brainFiles.map((f) => (
            <li key={f.name}>
              <code>{f.name}</code> {f.applies !== undefined && `· ${loaded(f.applies)}`} · {size(f.tokens)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
