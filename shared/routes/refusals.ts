/**
 * Refusal texts more than one part of the route table gives. Apart from the parts themselves, so a part that says one
 * of them does not load another part's schemas (issue 39).
 */

/** When a cart is refused beyond its schema: shared by every route that prices one. */
export const CART_RULES =
  'More than 9 of one product and size, a size the product does not come in, or too many different products for one order';
