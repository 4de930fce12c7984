import type { QuoteStatus } from '#shared/quotes';
import { adminQuoteSchema, adminQuotesSchema, artworkLinkSchema } from '#shared/schemas/quotes';
import { ADMIN_PAGE_MAX } from '#shared/schemas/admin';
import { api } from '../../lib/api';
import { listProducts } from './adminApi';
import type { CatalogueProduct } from './OfferForm';

/** The owner's quote calls (issue 37), beside the pages that use them. */
const q = (quoteId: string) => `/api/admin/quotes/${encodeURIComponent(quoteId)}`;
export const listQuotes = (status: QuoteStatus) =>
  api(`/api/admin/quotes?status=${status}`, adminQuotesSchema, { auth: true });
export const getAdminQuote = (quoteId: string) => api(q(quoteId), adminQuoteSchema, { auth: true });
export const artworkLink = (quoteId: string, fileId: string) =>
  api(`${q(quoteId)}/files/${encodeURIComponent(fileId)}`, artworkLinkSchema, { auth: true });
export const sendOffer = (quoteId: string, body: unknown) =>
  api(`${q(quoteId)}/offers`, adminQuoteSchema, { auth: true, body });
export const sendShopMessage = (quoteId: string, text: string) =>
  api(`${q(quoteId)}/messages`, adminQuoteSchema, { auth: true, body: { text } });
export const moveQuote = (quoteId: string, status: string) =>
  api(`${q(quoteId)}/status`, adminQuoteSchema, { auth: true, body: { status } });

/** Every listed product, by name (the offer form's catalogue picker): the owner's product pages read to the end. */
export async function catalogueProducts(): Promise<CatalogueProduct[]> {
  const found: CatalogueProduct[] = [];
  let cursor: string | undefined;
  do {
    const page = await listProducts(cursor, undefined, ADMIN_PAGE_MAX);
    found.push(...page.products.map(({ id, name, price, sizes }) => ({ id, name, price, sizes })));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}
