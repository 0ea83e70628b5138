/**
 * Relative dates in a recalled turn, resolved against the day the turn was said (issue 24): "I went to a
 * support group yesterday" said on 8 May 2023 is shown as "…yesterday (7 May 2023)", so "when did…" can be
 * answered from the line alone, and two events told in different sessions can be put in order. Pure: the day
 * comes from the turn's own date, never from a clock.
 *
 * Resolved: yesterday / last night / the day before yesterday / tomorrow; N days, weeks, months or years ago
 * (N a number or a word up to twelve, "a", "a couple of"); last or next <weekday> ("last Fri": the latest such
 * day before the turn's day); last week (the week from the Monday before), last weekend, last or next month,
 * last year. Anything else ("the other day", "on Tuesday", "last summer") is left as it is.
 */
const DAY = 86_400_000;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  "a couple of": 2,
  couple: 2,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const WEEKDAY = /^(sun|mon|tue|wed|thu|fri|sat)/;
const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const DAY_NAMES =
  "(sunday|monday|tuesday|wednesday|thursday|friday|saturday|sun|mon|tues?|wed|thur?s?|fri|sat)";
const COUNT =
  "(\\d{1,2}|a couple of|couple|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";

const PATTERN = new RegExp(
  [
    "(the day before yesterday)",
    "(yesterday|last night)",
    "(tomorrow)",
    `${COUNT}\\s+(day|week|month|year)s?\\s+ago`,
    `(last|this past|next)\\s+${DAY_NAMES}\\b`,
    "(last|next)\\s+(week|weekend|month|year)",
  ]
    .map((p) => `\\b${p}\\b`)
    .join("|"),
  "gi",
);

export function longDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

function monthOf(ms: number, shift: number): string {
  const d = new Date(ms);
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + shift, 1));
  return `${MONTHS[m.getUTCMonth()]} ${m.getUTCFullYear()}`;
}

/** What one matched expression means, said on `day` (UTC midnight), or null. */
function meaning(m: RegExpMatchArray, day: number): string | null {
  if (m[1]) return longDay(day - 2 * DAY);
  if (m[2]) return longDay(day - DAY);
  if (m[3]) return longDay(day + DAY);
  if (m[4] && m[5]) {
    const n = /^\d/.test(m[4]) ? Number(m[4]) : (NUMBERS[m[4].toLowerCase()] ?? 0);
    if (n <= 0) return null;
    const unit = m[5].toLowerCase();
    if (unit === "day") return longDay(day - n * DAY);
    if (unit === "week") return `around ${longDay(day - 7 * n * DAY)}`;
    if (unit === "month") return monthOf(day, -n);
    return String(new Date(day).getUTCFullYear() - n);
  }
  if (m[6] && m[7]) {
    const want = WEEKDAYS.indexOf((WEEKDAY.exec(m[7].toLowerCase()) as RegExpExecArray)[1] as string);
    const today = new Date(day).getUTCDay();
    if (m[6].toLowerCase() === "next") return longDay(day + (((want - today + 6) % 7) + 1) * DAY);
    return longDay(day - (((today - want + 6) % 7) + 1) * DAY);
  }
  if (m[8] && m[9]) {
    const unit = m[9].toLowerCase();
    const next = m[8].toLowerCase() === "next";
    if (unit === "month") return monthOf(day, next ? 1 : -1);
    if (unit === "year") return next ? null : String(new Date(day).getUTCFullYear() - 1);
    if (next) return null;
    const today = new Date(day).getUTCDay();
    if (unit === "weekend") {
      const saturday = day - ((today - 6 + 7) % 7 || 7) * DAY;
      return `the weekend of ${longDay(saturday)}`;
    }
    const monday = day - (((today + 6) % 7) + 7) * DAY;
    return `the week of ${longDay(monday)}`;
  }
  return null;
}

/**
 * `text` with each relative date followed by the date it means, in brackets: "yesterday (7 May 2023)".
 * `saidMs` is when the turn was said; the text comes back unchanged when it is not a date.
 */
export function resolveRelativeDates(text: string, saidMs: number): string {
  if (!Number.isFinite(saidMs)) return text;
  const day = Math.floor(saidMs / DAY) * DAY;
  let out = "";
  let last = 0;
  for (const m of text.matchAll(PATTERN)) {
    const end = m.index + m[0].length;
    const what = meaning(m, day);
    out += text.slice(last, end) + (what ? ` (${what})` : "");
    last = end;
  }
  return out + text.slice(last);
}
