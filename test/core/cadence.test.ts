import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { checkCadence, nextDue, parseInterval } from "../../src/core/cadence.ts";
import { BrainError } from "../../src/core/errors.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;

const isInvalid = (match: RegExp) => (e: unknown) => {
  assert.ok(e instanceof BrainError, `expected BrainError, got ${String(e)}`);
  assert.equal(e.code, "INVALID");
  assert.match(e.message, match);
  return true;
};

// Daily cadences use local time: pin the zone for the whole file, restore it after.
const savedTz = process.env.TZ;
before(() => {
  process.env.TZ = "America/New_York";
});
after(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe("parseInterval", () => {
  test("m, h and d units give minutes, hours and days in ms", () => {
    assert.equal(parseInterval("30m"), 30 * MIN);
    assert.equal(parseInterval("6h"), 6 * HOUR);
    assert.equal(parseInterval("2d"), 48 * HOUR);
    assert.equal(parseInterval("1m"), MIN);
  });

  for (const bad of ["6x", "0h", "h", " 6h", "6h ", "6", "", "-1h", "1.5h", "6H", "6hh"]) {
    test(`rejects ${JSON.stringify(bad)} with an INVALID error naming the input`, () => {
      assert.throws(() => parseInterval(bad), isInvalid(/Invalid interval/));
      assert.throws(
        () => parseInterval(bad),
        (e: unknown) => (e as Error).message.includes(JSON.stringify(bad)),
      );
    });
  }

  test("zero is rejected with a message that says it must be greater than zero", () => {
    assert.throws(() => parseInterval("0m"), isInvalid(/greater than zero/));
  });
});

describe("nextDue: interval", () => {
  test("interval next_due is exactly ranAt + interval (UTC arithmetic, DST-proof)", () => {
    const ran = new Date("2026-03-08T06:30:00.000Z"); // 01:30 EST, the night clocks spring forward
    assert.equal(nextDue({ kind: "interval", every: "6h" }, ran), "2026-03-08T12:30:00.000Z");
    assert.equal(nextDue({ kind: "interval", every: "90m" }, ran), "2026-03-08T08:00:00.000Z");
    assert.equal(nextDue({ kind: "interval", every: "1d" }, ran), "2026-03-09T06:30:00.000Z");
  });
});

const local = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

describe("nextDue: daily (local wall clock, TZ=America/New_York)", () => {
  const daily = (at: string) => ({ kind: "daily", at });

  test("before today's time: due later the same day", () => {
    const ran = new Date(2026, 5, 10, 7, 0); // 07:00 local
    assert.equal(local(nextDue(daily("08:00"), ran)), "2026-06-10 08:00");
  });

  test("after today's time: due tomorrow", () => {
    const ran = new Date(2026, 5, 10, 9, 15);
    assert.equal(local(nextDue(daily("08:00"), ran)), "2026-06-11 08:00");
  });

  test("exactly at the time: due tomorrow (strictly after ranAt)", () => {
    const ran = new Date(2026, 5, 10, 8, 0, 0, 0);
    assert.equal(local(nextDue(daily("08:00"), ran)), "2026-06-11 08:00");
  });

  test("across midnight, month end and year end", () => {
    assert.equal(local(nextDue(daily("00:30"), new Date(2026, 5, 10, 23, 50))), "2026-06-11 00:30");
    assert.equal(local(nextDue(daily("01:00"), new Date(2026, 0, 31, 2, 0))), "2026-02-01 01:00");
    assert.equal(local(nextDue(daily("00:15"), new Date(2026, 11, 31, 23, 30))), "2027-01-01 00:15");
  });

  test("single-digit hour '8:05' is accepted", () => {
    assert.equal(local(nextDue(daily("8:05"), new Date(2026, 5, 10, 9, 0))), "2026-06-11 08:05");
  });

  test("spring forward (2026-03-08): 08:00 stays 08:00 local, now 12:00Z (EDT), 23h after 08:00 EST", () => {
    const ran = new Date("2026-03-07T13:00:00.000Z"); // 08:00 EST on the 7th
    assert.equal(local(ran.toISOString()), "2026-03-07 08:00");
    const next = nextDue(daily("08:00"), ran);
    assert.equal(next, "2026-03-08T12:00:00.000Z");
    assert.equal(local(next), "2026-03-08 08:00");
    assert.equal(Date.parse(next) - ran.getTime(), 23 * HOUR);
  });

  test("spring forward: a run just before the gap still lands on that day's 08:00", () => {
    const ran = new Date("2026-03-08T06:59:00.000Z"); // 01:59 EST, one minute before the jump
    assert.equal(nextDue(daily("08:00"), ran), "2026-03-08T12:00:00.000Z");
  });

  test("fall back (2026-11-01): 08:00 stays 08:00 local, now 13:00Z (EST), 25h after 08:00 EDT", () => {
    const ran = new Date("2026-10-31T12:00:00.000Z"); // 08:00 EDT on the 31st
    const next = nextDue(daily("08:00"), ran);
    assert.equal(next, "2026-11-01T13:00:00.000Z");
    assert.equal(local(next), "2026-11-01 08:00");
    assert.equal(Date.parse(next) - ran.getTime(), 25 * HOUR);
  });

  test("fall back day has 25 hours: a run on it is next due at the following day's 00:30, never in the past", () => {
    const ran = new Date("2026-11-01T15:00:00.000Z"); // 10:00 EST on the 25-hour day
    const next = nextDue(daily("00:30"), ran);
    assert.equal(local(next), "2026-11-02 00:30");
    assert.ok(Date.parse(next) > ran.getTime());
  });

  test("the day after spring forward, a daily 02:30 is due at 02:30 again (not stuck at 03:30)", () => {
    const ran = new Date("2026-03-08T08:00:00.000Z"); // 04:00 EDT, after the gap
    assert.equal(local(nextDue(daily("02:30"), ran)), "2026-03-09 02:30");
  });

  test("a time inside the spring-forward gap (02:30) resolves to a real instant after ranAt", () => {
    const ran = new Date(2026, 2, 7, 12, 0);
    const next = Date.parse(nextDue(daily("02:30"), ran));
    assert.ok(next > ran.getTime());
    assert.ok(next - ran.getTime() < 24 * HOUR);
    assert.equal(local(new Date(next).toISOString()), "2026-03-08 03:30");
  });
});

describe("malformed cadence: INVALID with a clear message, never a crash", () => {
  const ran = new Date("2026-06-10T12:00:00.000Z");
  const cases: [string, unknown, RegExp][] = [
    ["null", null, /must be an object/],
    ["a string", "6h", /must be an object/],
    ["an array", [], /must be an object/],
    ["unknown kind", { kind: "weekly" }, /"kind" must be "interval" or "daily" \(got "weekly"\)/],
    ["missing kind", { every: "6h" }, /"kind" must be "interval" or "daily"/],
    ["interval without every", { kind: "interval" }, /requires "every"/],
    ["interval with a number", { kind: "interval", every: 6 }, /requires "every"/],
    ["interval with a bad unit", { kind: "interval", every: "6x" }, /Invalid interval "6x"/],
    ["daily without at", { kind: "daily" }, /daily cadence requires "at" as HH:MM \(got undefined\)/],
    ["daily at 24:00", { kind: "daily", at: "24:00" }, /HH:MM \(got "24:00"\)/],
    ["daily at 8:5", { kind: "daily", at: "8:5" }, /HH:MM/],
    ["daily at 08:60", { kind: "daily", at: "08:60" }, /HH:MM/],
  ];
  for (const [name, cadence, msg] of cases) {
    test(`${name}: nextDue and checkCadence throw BrainError INVALID`, () => {
      assert.throws(() => nextDue(cadence, ran), isInvalid(msg));
      assert.throws(() => checkCadence(cadence), isInvalid(msg));
    });
  }

  test("a valid cadence passes checkCadence unchanged", () => {
    const c = { kind: "daily", at: "23:59", extra: 1 };
    assert.equal(checkCadence(c), c);
  });
});
