/**
 * `.brain/hook-fired.json` (src/hooks/fired.ts): when each host last fired each hook, written at most once
 * per `everySeconds` per (host, event) — a model check over random firing sequences, on a real disk — and a
 * file that is not one is set aside, never fatal to the hook.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { it } from "node:test";
import { noteFired, readFired } from "../../src/hooks/fired.ts";
import type { HostId } from "../../src/hooks/host-types.ts";
import { BrainHome } from "../../src/store/home.ts";
import { fc } from "../support/fc.ts";

const HOSTS: HostId[] = ["claude", "codex", "copilot"];
const EVENTS = ["session-start", "user-prompt-submit", "stop"];
const T0 = Date.parse("2026-03-01T12:00:00.000Z");

it("each (host, event) holds the first firing of its latest window of everySeconds, whatever the order", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 90 }),
      fc.array(
        fc.record({
          host: fc.constantFrom(...HOSTS),
          event: fc.constantFrom(...EVENTS),
          gap: fc.integer({ min: 0, max: 200 }),
        }),
        { maxLength: 25 },
      ),
      (every, firings) => {
        const dir = mkdtempSync(join(tmpdir(), "brain-fired-"));
        try {
          const home = new BrainHome(dir);
          const model = new Map<string, number>();
          let t = T0;
          for (const f of firings) {
            t += f.gap * 1000;
            noteFired(home, f.host, f.event, new Date(t), every);
            const key = `${f.host} ${f.event}`;
            const last = model.get(key);
            if (last === undefined || t - last >= every * 1000) model.set(key, t);
          }
          const got = readFired(home);
          const flat = new Map<string, number>();
          for (const [host, events] of Object.entries(got))
            for (const [event, at] of Object.entries(events)) flat.set(`${host} ${event}`, Date.parse(at));
          assert.deepEqual(flat, model);
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
    ),
    { numRuns: 60 },
  );
});

it("a file that is not the hooks' firings is set aside and started over; the hook goes on", () => {
  const dir = mkdtempSync(join(tmpdir(), "brain-fired-"));
  try {
    const home = new BrainHome(dir);
    home.ensureLocal();
    fs.writeFileSync(home.file("hookFired"), '{"version":1,"fired":{"codex":{"stop":"yesterday"}}}\n');
    noteFired(home, "codex", "stop", new Date(T0), 60);
    assert.deepEqual(readFired(home), { codex: { stop: new Date(T0).toISOString() } });
    const aside = fs.readdirSync(home.local).filter((f) => f.startsWith("hook-fired.json.bad-"));
    assert.equal(aside.length, 1, "the unreadable file kept aside, not lost");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
