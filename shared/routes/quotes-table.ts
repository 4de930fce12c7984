import { quotePay } from './quote-pay';
import {
  quoteArtworkLink,
  quoteCheckArtwork,
  quoteCreateArtworkUpload,
  quoteDecline,
  quoteDownloadArtwork,
  quoteGet,
  quoteGetAdmin,
  quoteList,
  quoteMove,
  quoteRecordOrder,
  quoteRequest,
  quoteSendOffer,
  quoteShopMessage,
  quoteShopperMessage,
} from './quotes';
import type { RouteDef } from './types';

/**
 * Every quote route, in the table's order. Assembled apart from the entries (quotes.ts, quote-pay.ts): a handler imports
 * its own entry, so its bundle builds only the schemas of that file (issue 39); infra, the local gateway and the API
 * document read this table through shared/routes.ts.
 */
export const QUOTE_ROUTES = [
  quoteCreateArtworkUpload,
  quoteCheckArtwork,
  quoteRequest,
  quoteGet,
  quoteDownloadArtwork,
  quoteShopperMessage,
  quoteDecline,
  quotePay,
  quoteRecordOrder,
  quoteList,
  quoteGetAdmin,
  quoteArtworkLink,
  quoteSendOffer,
  quoteShopMessage,
  quoteMove,
] as const satisfies readonly RouteDef[];
