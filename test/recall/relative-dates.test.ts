/** Relative dates resolved against the day a turn was said (src/recall/relative-dates.ts), as properties. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { longDay, resolveRelativeDates } from "../../src/recall/relative-dates.ts";
import { fc } from "../support/fc.ts";

const DAY = 86_400_000;
const WORDS = [
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** Any instant from 1990 to 2060, and its day (UTC midnight). */
const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) });
const dayOf = (ms: number) => ms - (ms % DAY);

test("N days ago (a number or a word) is the day N days before the day it was said", () => {
  fc.assert(
    fc.property(instant, fc.integer({ min: 1, max: 12 }), fc.boolean(), (said, n, asWord) => {
      const count = asWord ? WORDS[n - 1] : String(n);
      const out = resolveRelativeDates(`We met ${count} days ago at the market.`, said);
      assert.equal(out, `We met ${count} days ago (${longDay(dayOf(said) - n * DAY)}) at the market.`);
    }),
  );
});

test("yesterday, the day before yesterday and tomorrow", () => {
  fc.assert(
    fc.property(instant, (said) => {
      const d = dayOf(said);
      assert.equal(
        resolveRelativeDates("Yesterday it rained.", said),
        `Yesterday (${longDay(d - DAY)}) it rained.`,
      );
      assert.equal(
        resolveRelativeDates("the day before yesterday", said),
        `the day before yesterday (${longDay(d - 2 * DAY)})`,
      );
      assert.equal(
        resolveRelativeDates("see you tomorrow!", said),
        `see you tomorrow (${longDay(d + DAY)})!`,
      );
    }),
  );
});

test("last <weekday> is that weekday 1–7 days before; next <weekday> 1–7 days after", () => {
  fc.assert(
    fc.property(
      instant,
      fc.integer({ min: 0, max: 6 }),
      fc.constantFrom("last", "next"),
      (said, w, which) => {
        const out = resolveRelativeDates(`${which} ${DAYS[w]}`, said);
        const m = /\((\d+) (\w+) (\d{4})\)$/.exec(out);
        assert.ok(m, out);
        const ms = Date.parse(`${m[2]} ${m[1]}, ${m[3]} 00:00 UTC`);
        assert.equal(new Date(ms).getUTCDay(), w);
        const diff = (ms - dayOf(said)) / DAY;
        if (which === "last") assert.ok(diff >= -7 && diff <= -1, `${diff}`);
        else assert.ok(diff >= 1 && diff <= 7, `${diff}`);
      },
    ),
  );
});

test("a text with no relative date, or a turn with no date, is left as it is", () => {
  fc.assert(
    fc.property(
      instant,
      fc.array(
        fc.constantFrom("we", "met", "on", "Tuesday", "the", "other", "day", "last", "summer", "ago", "week"),
        {
          maxLength: 12,
        },
      ),
      (said, ws) => {
        const text = ws.join(" ");
        if (/last (week|tuesday)|week ago/i.test(text)) return;
        assert.equal(resolveRelativeDates(text, said), text);
      },
    ),
  );
  assert.equal(resolveRelativeDates("I went yesterday", Number.NaN), "I went yesterday");
});

test("weeks, months, years and last week/weekend/month/year", () => {
  const said = Date.UTC(2023, 4, 8, 13, 56); // a Monday
  const out = (s: string) => resolveRelativeDates(s, said);
  assert.equal(out("two weeks ago"), "two weeks ago (around 24 April 2023)");
  assert.equal(out("a month ago"), "a month ago (April 2023)");
  assert.equal(out("3 years ago"), "3 years ago (2020)");
  assert.equal(out("last week"), "last week (the week of 1 May 2023)");
  assert.equal(out("last weekend"), "last weekend (the weekend of 6 May 2023)");
  assert.equal(out("last month"), "last month (April 2023)");
  assert.equal(out("next month"), "next month (June 2023)");
  assert.equal(out("last year"), "last year (2022)");
  assert.equal(out("Last Fri"), "Last Fri (5 May 2023)");
});
