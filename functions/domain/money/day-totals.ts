import { addDays, shopDay, startOfShopDay } from '#shared/gift-cards';
import { daysBetween, emptyDay, REPORTS_START, sameTotals, sumDay, type DayTotals } from '#shared/reports';
import { ledgerDays, type LedgerDayRecord } from '../../db/entities/ledger-day';
import { entriesOfDays } from './ledger';

/**
 * Daily totals of the ledger (issue 56 item 1, docs/decisions/0154 and 0165): no take writes a shared total. A job
 * sums each ended day from its entries (the day index, four partitions a day) and writes the day's record whole, so a
 * run repeated, or two at once, write the same figures; a report reads the stored days and sums only the days not
 * final yet (today, the minutes after midnight) from their entries. `checkDayTotals` proves the stored days equal
 * their entries.
 */

/** How long after a shop day ends its totals are final: an entry is stamped before its transaction is written. */
export const FINAL_AFTER_MS = 15 * 60 * 1000;
/** At most this many days summed per run (a first run after a long stop catches up over a few runs). */
const DAYS_PER_RUN = 120;

const finalAt = (day: string) => Date.parse(startOfShopDay(addDays(day, 1))) + FINAL_AFTER_MS;

/** A stored day's totals. */
export const totalsOf = (record: LedgerDayRecord): DayTotals => JSON.parse(record.totals) as DayTotals;

/** A day's totals from its entries. */
export async function dayFromEntries(day: string): Promise<DayTotals> {
  return sumDay(day, await entriesOfDays(day, day));
}

/**
 * The job's work: sums each day after the last final one (from `start`, REPORTS_START) up to yesterday, and writes it, final
 * when the day ended more than FINAL_AFTER_MS ago. Returns the days written.
 */
export async function sumLedgerDays(now = new Date(), start = REPORTS_START): Promise<string[]> {
  // The newest days: at most the last two are not final yet.
  const latestFinal = (await ledgerDays.query('all', {}, { order: 'desc', limit: 3 })).find((record) => record.final);
  const yesterday = addDays(shopDay(now), -1);
  const from = latestFinal ? addDays(latestFinal.day, 1) : start;
  if (from > yesterday) return [];
  const days = daysBetween(from, yesterday).slice(0, DAYS_PER_RUN);
  const summedAt = now.toISOString();
  for (const day of days) {
    const totals = await dayFromEntries(day);
    await ledgerDays.put({ day, totals: JSON.stringify(totals), final: now.getTime() >= finalAt(day), summedAt });
  }
  return days;
}

/**
 * The totals of each day from `from` to `to`: a final stored day as stored, any other day up to today summed from its
 * entries (a day after today has none).
 */
export async function dayTotals(from: string, to: string, now = new Date()): Promise<DayTotals[]> {
  const stored = new Map(
    (await ledgerDays.query('all', {}, { skAtLeast: from, skAtMost: to }))
      .filter((record) => record.final)
      .map((record) => [record.day, totalsOf(record)]),
  );
  const today = shopDay(now);
  return Promise.all(
    daysBetween(from, to).map(async (day) => stored.get(day) ?? (day > today ? emptyDay(day) : dayFromEntries(day))),
  );
}

/** The check: every stored day from `from` to `to` equals the sum of its entries. */
export async function checkDayTotals(
  from: string,
  to: string,
): Promise<{ ok: boolean; checked: number; problems: string[] }> {
  const stored = await ledgerDays.query('all', {}, { skAtLeast: from, skAtMost: to, consistent: true });
  const problems: string[] = [];
  for (const record of stored) {
    const fromEntries = await dayFromEntries(record.day);
    if (!sameTotals(totalsOf(record), fromEntries))
      problems.push(`${record.day}: the stored totals differ from its ${fromEntries.entries} entries`);
  }
  return { ok: problems.length === 0, checked: stored.length, problems };
}
