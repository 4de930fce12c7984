import { Service } from 'electrodb';
import { documentClient, tableName } from './client';
import { cartEntity } from './entities/cart';
import { formSubmissionEntity } from './entities/form-submission';
import { orderEntity } from './entities/order';
import { productEntity } from './entities/product';
import { reviewEntity } from './entities/review';
import { shippingProfilesEntity } from './entities/shipping-profiles';
import { stockItemEntity } from './entities/stock-item';

const entities = {
  product: productEntity,
  stockItem: stockItemEntity,
  cart: cartEntity,
  shippingProfiles: shippingProfilesEntity,
  order: orderEntity,
  review: reviewEntity,
  formSubmission: formSubmissionEntity,
};

function build(table: string) {
  return new Service(entities, { client: documentClient(), table });
}
type ShopService = ReturnType<typeof build>;
const services = new Map<string, ShopService>();

/** The entities bound to the configured table and client (one instance per table, reused). */
export function db(): ShopService {
  const table = tableName();
  let service = services.get(table);
  if (!service) {
    service = build(table);
    services.set(table, service);
  }
  return service;
}
