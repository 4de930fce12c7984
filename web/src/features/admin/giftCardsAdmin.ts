import { giftCardDetailSchema, giftCardListSchema, giftCardViewSchema } from '#shared/schemas/gift-cards';
import { api } from '../../lib/api';
import { downloadCsv } from './adminApi';

/** The owner's gift card calls (issue 36), beside the pages that use them. */
const card = (cardId: string) => `/api/admin/gift-cards/${encodeURIComponent(cardId)}`;
export const listGiftCards = () => api('/api/admin/gift-cards', giftCardListSchema, { auth: true });
export const getGiftCard = (cardId: string) => api(card(cardId), giftCardDetailSchema, { auth: true });
/** Store credit (201; the same issueId answers the same card). */
export const issueStoreCredit = (body: unknown) =>
  api('/api/admin/gift-cards', giftCardViewSchema, { auth: true, body });
/** Void what is left, or mail the card again with a new code, at the version the page read. */
export const changeGiftCard = (cardId: string, action: 'void' | 'resend', version: number) =>
  api(`${card(cardId)}/actions`, giftCardViewSchema, { auth: true, body: { action, version } });
/** Every card as a CSV for the bookkeeper (named by the server: gift-cards-<day>.csv). */
export const downloadGiftCardsCsv = () => downloadCsv('/api/admin/gift-cards?format=csv', 'gift-cards.csv');
