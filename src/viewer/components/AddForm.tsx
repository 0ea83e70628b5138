import { useState } from "preact/hooks";

/** The kinds of memory a person adds by hand, with the category each needs (the write gate checks the rest). */
const KINDS: Record<string, { label: string; categories?: string[] }> = {
  learning: { label: "learning" },
  preference: { label: "preference", categories: ["General", "Code", "Communication", "Tools", "Workflow"] },
  behavior: { label: "behaviour", categories: ["do", "dont", "value"] },
};

/** Add a memory: POST /api/entries, through the same write gate as every other write (limits, secrets, dedup). */
export function AddForm(props: { onAdd: (entry: Record<string, unknown>) => Promise<unknown> }) {
  const [type, setType] = useState("learning");
  const [category, setCategory] = useState("");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const categories = KINDS[type]?.categories;
  return (
    <form
      class="add"
      aria-label="Add a memory"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim() || busy) return;
        setBusy(true);
        const cat = categories ? category || categories[0] : undefined;
        props
          .onAdd({ type, text: text.trim(), ...(cat ? { category: cat } : {}) })
          .then((ok) => {
            if (ok !== false) setText("");
          })
          .finally(() => setBusy(false));
      }}
    >
      <label>
        Type
        <select value={type} onChange={(e) => setType(e.currentTarget.value)}>
          {Object.entries(KINDS).map(([k, v]) => (
            <option key={k} value={k}>
              {v.label}
            </option>
          ))}
        </select>
      </label>
      {categories && (
        <label>
          Category
          <select value={category || categories[0]} onChange={(e) => setCategory(e.currentTarget.value)}>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c === "dont" ? "don't" : c}
              </option>
            ))}
          </select>
        </label>
      )}
      <label class="add-text">
        Text
        <input
          value={text}
          placeholder="Something the agent should remember"
          onInput={(e) => setText(e.currentTarget.value)}
        />
      </label>
      <button type="submit" disabled={busy}>
        Add
      </button>
    </form>
  );
}
