import { useCallback, useEffect, useState } from "preact/hooks";
import { api } from "../api.ts";
import { useLive } from "../live.ts";
import { NO_TOKEN, token } from "../token.ts";
import { ContextBar, type ContextChoice } from "./ContextBar.tsx";
import { EntriesPanel } from "./EntriesPanel.tsx";
import { EpisodesPanel } from "./EpisodesPanel.tsx";
import { GraphPanel } from "./GraphPanel.tsx";
import { HistoryPanel } from "./HistoryPanel.tsx";
import { InboxPanel } from "./InboxPanel.tsx";
import { MindPanel } from "./MindPanel.tsx";
import { ProposalsPanel } from "./ProposalsPanel.tsx";
import { RulesPanel } from "./RulesPanel.tsx";
import { type Tab, Tabs } from "./Tabs.tsx";

/** The one page: a context (cwd + query) shared by the tabs, and a tick that live appends advance. */
export function App() {
  if (token() === null)
    return (
      <div class="app">
        <h1>Brain</h1>
        <p class="error" role="alert">
          {NO_TOKEN}
        </p>
      </div>
    );
  return <Viewer />;
}

function Viewer() {
  const [tab, setTab] = useState<Tab>("entries");
  const [ctx, setCtx] = useState<ContextChoice>({ cwd: "", query: "", budget: 0 });
  const [tick, setTick] = useState(0);
  const [inbox, setInbox] = useState(false);
  const onAppend = useCallback(() => setTick((t) => t + 1), []);
  const live = useLive(onAppend);
  useEffect(() => {
    api.inbox().then(
      () => setInbox(true),
      () => setInbox(false),
    );
  }, []);
  const tabs: Tab[] = [
    "entries",
    "episodes",
    ...(inbox ? (["inbox"] as Tab[]) : []),
    "proposals",
    "rules",
    "history",
    "graph",
    "mind",
  ];
  return (
    <div class="app">
      <header class="top">
        <h1>Brain</h1>
        <span class={live ? "live on" : "live"} role="status" aria-live="polite">
          {live ? "live" : "offline"}
        </span>
        <ContextBar value={ctx} onApply={setCtx} />
      </header>
      <Tabs tabs={tabs} current={tab} onSelect={setTab} />
      <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} class="panel">
        {tab === "entries" && <EntriesPanel choice={ctx} tick={tick} />}
        {tab === "episodes" && <EpisodesPanel tick={tick} />}
        {tab === "inbox" && <InboxPanel tick={tick} />}
        {tab === "proposals" && <ProposalsPanel tick={tick} />}
        {tab === "rules" && <RulesPanel cwd={ctx.cwd} tick={tick} />}
        {tab === "history" && <HistoryPanel tick={tick} />}
        {tab === "graph" && <GraphPanel tick={tick} />}
        {tab === "mind" && <MindPanel tick={tick} />}
      </div>
    </div>
  );
}
