import { useState } from "preact/hooks";
import { api } from "../api.ts";
import { useLoad } from "../use-load.ts";

/** One opened proposal: its evidence lines, its diff, and the buttons that decide it. */
export function ProposalDetail(props: { id: string; onDecided: () => void }) {
  const [version, setVersion] = useState(0);
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const r = useLoad(() => api.proposal(props.id), [props.id, version]);
  const id = props.id;
  const run = (work: () => Promise<unknown>, then: () => void) => {
    setBusy(true);
    setFailed(null);
    work().then(
      () => {
        setBusy(false);
        then();
      },
      (err: unknown) => {
        setBusy(false);
        setFailed(err instanceof Error ? err.message : String(err));
      },
    );
  };
  if (r.error && !r.data)
    return (
      <p class="error" role="alert">
        {r.error}
      </p>
    );
  if (!r.data)
    return (
      <p class="loading" role="status">
        Loading…
      </p>
    );
  const { proposal, diff } = r.data;
  return (
    <div class="proposal-detail" id={`proposal-${id}`}>
      <h3>Evidence</h3>
      <ul class="evidence plain" aria-label="Evidence">
        {proposal.evidence.map((e) => (
          <li key={`${e.line}-${e.at}`}>
            <span class="muted">
              {e.at.slice(0, 16).replace("T", " ")}
              {e.session ? ` · ${e.session}` : ""} · line {e.line}
            </span>{" "}
            <code>{e.text}</code>
          </li>
        ))}
      </ul>
      <h3>Change</h3>
      <Diff text={diff} />
      {draft !== null && (
        <div class="edit">
          <textarea
            aria-label={`Text of ${id}`}
            rows={4}
            value={draft}
            onInput={(e) => setDraft((e.target as HTMLTextAreaElement).value)}
          />
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              run(
                () => api.proposalEdit(id, draft),
                () => {
                  setDraft(null);
                  setVersion((v) => v + 1);
                },
              )
            }
          >
            Save
          </button>
          <button type="button" disabled={busy} onClick={() => setDraft(null)}>
            Cancel
          </button>
        </div>
      )}
      {failed && (
        <p class="error" role="alert">
          {failed}
        </p>
      )}
      <div class="actions">
        <button
          type="button"
          disabled={busy}
          aria-label={`Accept ${id}`}
          onClick={() => run(() => api.proposalAct(id, "accept"), props.onDecided)}
        >
          Accept
        </button>
        <button
          type="button"
          disabled={busy || draft !== null}
          aria-label={`Edit ${id}`}
          onClick={() => setDraft(proposal.text)}
        >
          Edit
        </button>
        <button
          type="button"
          disabled={busy}
          aria-label={`Reject ${id}`}
          onClick={() => run(() => api.proposalAct(id, "reject"), props.onDecided)}
        >
          Reject
        </button>
      </div>
    </div>
  );
}

/** A unified diff, monospace: added lines green, removed lines red (the ---/+++ header stays plain). */
function Diff(props: { text: string }) {
  if (props.text === "") return <p class="muted">no change to the file</p>;
  const cls = (l: string) =>
    l.startsWith("+++") || l.startsWith("---") || l.startsWith("@@")
      ? "head"
      : l.startsWith("+")
        ? "plus"
        : l.startsWith("-")
          ? "minus"
          : "ctx";
  return (
    <pre class="diff">
      {props.text
        .replace(/\n$/, "")
        .split("\n")
        .map((l, i) => (
          <span key={i} class={`diff-line ${cls(l)}`}>
            {l === "" ? " " : l}
          </span>
        ))}
    </pre>
  );
}
