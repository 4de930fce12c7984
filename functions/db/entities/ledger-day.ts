import { model, type Timestamps } from '../table';

/**
 * A shop day's totals, summed from that day's ledger entries by the day-totals job (docs/decisions/0165), outside any
 * take: the owner's reports read a year as 365 of these (one Query) instead of its entries. Written whole each time
 * (the sum of the day's entries, so writing it twice writes the same), and `final` once the day has ended long enough
 * that no entry of it can still be written; a day not final is read from its entries.
 */
export interface LedgerDayRecord extends Timestamps {
  day: string;
  /**
   * The day's totals (DayTotals) as JSON: one string attribute rather than a nested map of some hundred numbers, so a
   * year reads and unmarshals fast (measured in decision 0165).
   */
  totals: string;
  final: boolean;
  summedAt: string;
}

export const ledgerDays = model<LedgerDayRecord, 'day'>({
  entity: 'ledgerDay',
  pk: ['day'],
  indexes: {
    // Every summed day, in order (a year is 365 small records of one partition).
    all: { index: 'gsi1', pk: [], sk: ['day'] },
  },
});
