/**
 * Refusal texts more than one part of the route table gives. Apart from the parts themselves, so a part that says one
 * of them does not load another part's schemas (issue 39).
 */

/** When a cart is refused beyond its schema: shared by every route that prices one. */
export const CART_RULES =
  'More than 9 of one product and size, a size the product does not come in, or too many different products for one order';

/** A quote link refused: every route a quote's link opens (the quote routes and the pay route apart from them). */
export const NO_SUCH_QUOTE =
  'The link is not one the shop made for this quote, or it has expired (one answer for both)';
