import type { ShippingAddress } from './schemas/address';

/**
 * What an order keeps of its shopper (issue 50 item 9): where it ships, or, for an order of gift cards only (nothing
 * ships: each card is emailed), the buyer's name and email alone. Plain functions, no schema: the pages that show an
 * order and the checkout that sends one import this without building the address schemas.
 */

/** The fields of a shipping address that say where a parcel goes (the buyer's name and email aside). */
export const PLACE_FIELDS = ['line1', 'city', 'state', 'zip'] as const;
type Place = Record<(typeof PLACE_FIELDS)[number], string>;

/** Who bought an order that ships nothing (gift cards only): their name and email, no address. */
export interface Buyer {
  name: string;
  email: string;
}

/** What an order and its checkout keep of the shopper: where it ships, or the buyer alone when nothing ships. */
export type OrderAddress = ShippingAddress | Buyer;

/**
 * The order ships somewhere: its details hold a place (street, city, state and ZIP); an order of gift cards only holds
 * its buyer alone. For the stored details and for the views of them alike.
 */
export const hasShipTo = <Details extends { name: string }>(details: Details): details is Details & Place =>
  PLACE_FIELDS.every((field) => typeof (details as Partial<Place>)[field] === 'string');

/** The buyer of an order: the name and email of its details, whatever else they hold. */
export const buyerOf = ({ name, email }: Buyer): Buyer => ({ name, email });
