import { useState } from "preact/hooks";
import { api } from "../api.ts";
import { useLoad } from "../use-load.ts";
import { ProposalDetail } from "./ProposalDetail.tsx";

/**
 * The review queue ("Mission Control", issue 28): the pending proposals — title, kind → target, why — each
 * opening to its evidence, its diff and the Accept / Edit / Reject buttons. A decided proposal leaves the list.
 */
export function ProposalsPanel(props: { tick: number }) {
  const [own, setOwn] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const r = useLoad(() => api.proposals(), [props.tick, own]);
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
  const items = r.data.proposals;
  if (items.length === 0)
    return (
      <p class="empty">
        Nothing to review: lessons the improvement cycle draws from repeated mistakes wait here for you to
        accept, edit or reject.
      </p>
    );
  const decided = () => {
    setOpen(null);
    setOwn((n) => n + 1);
  };
  return (
    <ul class="entries proposals" aria-label="Proposals">
      {r.error && (
        <li class="error" role="alert">
          {r.error}
        </li>
      )}
      {items.map((p) => (
        <li key={p.id} class="entry proposal">
          <button
            type="button"
            class="proposal-head"
            aria-expanded={open === p.id}
            aria-controls={`proposal-${p.id}`}
            onClick={() => setOpen(open === p.id ? null : p.id)}
          >
            <span class="title">{p.title}</span>
            <span class="route">
              {p.kind} → {p.target}
            </span>
          </button>
          <p class="reason why">{p.why}</p>
          {open === p.id && <ProposalDetail id={p.id} onDecided={decided} />}
        </li>
      ))}
    </ul>
  );
}
