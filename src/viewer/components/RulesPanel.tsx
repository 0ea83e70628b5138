import { api } from "../api.ts";
import { useLoad } from "../use-load.ts";

/** The project rules and brain files in force for the chosen working directory. */
export function RulesPanel(props: { cwd: string; tick: number }) {
  const r = useLoad(() => api.rules(props.cwd), [props.cwd, props.tick]);
  if (r.error && !r.data) return <p class="error">{r.error}</p>;
  return (
    <section aria-label="Rules and brain files" class="cols">
      <div>
        <h2>Rules for {props.cwd || "the server's cwd"}</h2>
        <ul class="plain">
          {(r.data?.rules ?? []).map((x) => (
            <li key={x.path}>
              <span class={x.applies === true || x.applies === "always" ? "badge in" : "badge out"}>
                {typeof x.applies === "string" ? x.applies : x.applies ? "applies" : "available"}
              </span>{" "}
              <code>{x.path}</code> · {x.kind} · {x.tokens} tok
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2>Brain files</h2>
        <ul class="plain">
          {(r.data?.brainFiles ?? []).map((f) => (
            <li key={f.name}>
              <code>{f.name}</code> {f.applies !== undefined && `· ${String(f.applies)}`} · {f.tokens} tok
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
