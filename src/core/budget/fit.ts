import type { Item } from "./types.ts";

export interface Fitted {
  lines: string[];
  kept: Item[];
  /** Items left out, with why; a budget cut says how many more characters it would have needed. */
  cut: { item: Item; reason: "budget" | "truncated"; short?: number }[];
  /** Characters used, including the header and every line's newline. */
  used: number;
  /** Items left out without being looked at (only when not exhaustive). */
  unexamined: number;
}

const MAX_MISSES = 64;
/** The fewest characters an item's shorter form is asked to fit in (less says too little to be worth a line). */
export const MIN_SHORTENED = 240;
const defaultMarker = (n: number) => `(…${n} more omitted)`;

function cost(text: string): number {
  return text.length + 1;
}

/**
 * Fit a section into `budget` characters at item granularity. Never exceeds the budget: the omission marker
 * is reserved before it is needed. A ranked list shows an item too long for what is left in its shorter form
 * when it has one (Item.shorten), else skips it and keeps trying smaller ones (up to a few dozen misses); a contiguous section (a file) stops at the first misfit and, if
 * not even its first line fits, truncates that line with an ellipsis.
 */
export function fitItems(
  header: string,
  items: Iterable<Item>,
  total: number,
  budget: number,
  contiguous: boolean,
  exhaustive = false,
  /** The line that says how many items were left out (a file's names the file). */
  marker: (omitted: number) => string = defaultMarker,
): Fitted {
  const headerCost = cost(header);
  if (budget < headerCost + 8 || total === 0) {
    if (!exhaustive) return { lines: [], kept: [], cut: [], used: 0, unexamined: total };
    return {
      lines: [],
      kept: [],
      cut: [...items].map((item) => ({
        item,
        reason: "budget",
        short: Math.max(1, headerCost + cost(item.text) - Math.max(0, budget)),
      })),
      used: 0,
      unexamined: 0,
    };
  }
  const list: Item[] = [];
  const kept: Item[] = [];
  const cut: Fitted["cut"] = [];
  // Everything fits? (Materialises at most what fits plus one.)
  let all = headerCost;
  let allFit = true;
  const it = items[Symbol.iterator]();
  for (let n = it.next(); !n.done; n = it.next()) {
    list.push(n.value);
    all += cost(n.value.text);
    if (all > budget) {
      allFit = false;
      break;
    }
  }
  if (allFit)
    return { lines: [header, ...list.map((i) => i.text)], kept: list, cut, used: all, unexamined: 0 };

  const reserve = cost(marker(total));
  const room = budget - headerCost - reserve;
  let used = 0;
  let misses = 0;
  let stopped = false;
  const take = (item: Item): void => {
    const c = cost(item.text);
    if (stopped) {
      // Stopped: later items are left out whole; one that would have fit says no number.
      cut.push({ item, reason: "budget", ...(used + c > room ? { short: used + c - room } : {}) });
      return;
    }
    if (used + c <= room) {
      kept.push(item);
      used += c;
      misses = 0;
      return;
    }
    // A ranked item that offers a shorter form shows that in what is left, when enough is left to say something.
    const left = room - used - 1;
    const short = !contiguous && item.shorten && left >= MIN_SHORTENED ? item.shorten(left) : undefined;
    if (short && used + cost(short.text) <= room) {
      kept.push(short);
      used += cost(short.text);
      misses = 0;
      return;
    }
    cut.push({ item, reason: "budget", short: used + c - room });
    if (contiguous || ++misses >= MAX_MISSES || room - used < 16) stopped = true;
  };
  for (const item of list) take(item);
  for (let n = stopped && !exhaustive ? undefined : it.next(); n && !n.done; ) {
    take(n.value);
    n = stopped && !exhaustive ? undefined : it.next();
  }
  const unexamined = total - kept.length - cut.length;

  if (kept.length === 0 && contiguous && cut.length > 0) {
    const first = cut[0] as Fitted["cut"][number];
    const space = room - 2;
    if (space >= 8) {
      // Never end on the high half of a surrogate pair (an emoji cut in two is not valid text).
      const hi = first.item.text.charCodeAt(space - 2);
      const end = hi >= 0xd800 && hi <= 0xdbff ? space - 2 : space - 1;
      const text = `${first.item.text.slice(0, end)}…`;
      kept.push({ ...first.item, text });
      used += cost(text);
      first.reason = "truncated";
    }
  }
  if (kept.length === 0) return { lines: [], kept: [], cut, used: 0, unexamined };
  const omitted = total - kept.length;
  const lines = [header, ...kept.map((i) => i.text)];
  if (omitted > 0) {
    lines.push(marker(omitted));
    used += cost(marker(omitted));
  }
  return { lines, kept, cut, used: headerCost + used, unexamined };
}
