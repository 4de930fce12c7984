import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Service } from 'electrodb';
import { documentClient, tableName } from './client';
import { cartEntity } from './entities/cart';
import { formSubmissionEntity } from './entities/form-submission';
import { orderEntity } from './entities/order';
import { productEntity } from './entities/product';
import { reservationEntity } from './entities/reservation';
import { reviewEntity } from './entities/review';
import { shippingProfilesEntity } from './entities/shipping-profiles';
import { stockItemEntity } from './entities/stock-item';
import { testPaymentIntentEntity } from './entities/test-payment-intent';

const entities = {
  product: productEntity,
  stockItem: stockItemEntity,
  cart: cartEntity,
  shippingProfiles: shippingProfilesEntity,
  order: orderEntity,
  review: reviewEntity,
  formSubmission: formSubmissionEntity,
  reservation: reservationEntity,
  testPaymentIntent: testPaymentIntentEntity,
};

function build(client: DynamoDBDocumentClient, table: string) {
  return new Service(entities, { client, table });
}
type ShopService = ReturnType<typeof build>;
const services = new WeakMap<DynamoDBDocumentClient, Map<string, ShopService>>();

/** The entities bound to the configured client and table (built once per client and table, then reused). */
export function db(): ShopService {
  const client = documentClient();
  const table = tableName();
  let byTable = services.get(client);
  if (!byTable) services.set(client, (byTable = new Map()));
  let service = byTable.get(table);
  if (!service) byTable.set(table, (service = build(client, table)));
  return service;
}
