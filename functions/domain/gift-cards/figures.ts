import { shopDay, startOfShopDay } from '#shared/gift-cards';
import { giftCards, type GiftCardRecord } from '../../db/entities/gift-card';

/**
 * The shop's liability in gift cards and store credit (docs/decisions/0128): the balance of every card that can still
 * be spent, active or waiting for its day (scheduled: paid for, owed from the moment it was bought); not a voided one.
 */
export const outstandingOf = (cards: readonly Pick<GiftCardRecord, 'status' | 'balance'>[]) =>
  cards.reduce((sum, card) => (card.status === 'voided' ? sum : sum + card.balance), 0);

/** The first instant of the calendar month `now` is in, in the shop's time zone (midnight of the 1st in New York). */
export const shopMonthStart = (now: Date) => startOfShopDay(`${shopDay(now).slice(0, 7)}-01`);

/**
 * The dashboard's gift card figures: the outstanding balance, and the cards bought this month (the shop's calendar
 * month; store credit is not a sale), how many and for how much. One Query of the cards' own small partition (index
 * `all`); only the table: the dashboard's function carries nothing of the cards' mails or codes.
 */
export async function giftCardFigures(now = new Date()) {
  const cards = await giftCards.query('all', {});
  const since = shopMonthStart(now);
  const sold = cards.filter((card) => card.kind === 'purchased' && card.createdAt >= since);
  return {
    outstanding: outstandingOf(cards),
    soldThisMonth: sold.length,
    soldValue: sold.reduce((sum, card) => sum + card.amount, 0),
  };
}
