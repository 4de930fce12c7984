import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { addDays, shopDay } from '#shared/gift-cards';
import { countSteps } from '../../domain/funnel/counts';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { authorizedGuest, createCandle, recordGuest } from '#tests/checkout';
import { handler as countStepsHandler } from './count-steps';
import { handler as getFunnel } from '../admin/get-funnel';

/**
 * The shoppers' path without tracking anyone (issue 56 item 2, docs/decisions/0167): beacons of pages from a product
 * view to a paid order, read back by day, device class and source, with the week before; the items written hold the
 * day, step, device class, source and a count, nothing of who sent them.
 */
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
let admin: string;
const beacon = (body: Record<string, unknown>, userAgent = IPHONE) =>
  invoke(countStepsHandler, {
    method: 'POST',
    path: '/api/funnel',
    body,
    headers: { 'user-agent': userAgent, 'x-forwarded-for': '203.0.113.9' },
  });

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(10);
});

it('views to a paid order, by device and source, beside the week before; nothing personal stored', async () => {
  const today = shopDay(new Date());
  // A phone from the reminder mail: views a product, adds it, checks out, reaches the card step, pays.
  expect((await beacon({ steps: ['view'], source: 'cart-reminder' })).status).toBe(200);
  expect((await beacon({ steps: ['view', 'cart'], source: 'cart-reminder' })).body).toEqual({ counted: 2 });
  await beacon({ steps: ['checkout'], source: 'cart-reminder' });
  await beacon({ steps: ['card'], source: 'cart-reminder' });
  const paid = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
  expect((await recordGuest(paid.paymentIntentId, paid.checkoutSecret)).status).toBeLessThan(300);
  await beacon({ steps: ['paid'], source: 'cart-reminder' });
  // A desktop from a search engine looks only.
  await beacon({ steps: ['view'], source: 'google.com' }, DESKTOP);
  // The week before: two views.
  await countSteps({
    steps: ['view'],
    source: 'direct',
    device: 'desktop',
    now: new Date(Date.now() - 3 * 86_400_000),
  });
  await countSteps({ steps: ['view'], source: 'direct', device: 'phone', now: new Date(Date.now() - 3 * 86_400_000) });

  const { status, body } = await invoke(getFunnel, {
    token: admin,
    method: 'GET',
    path: '/api/admin/funnel',
    query: { from: addDays(today, -1), to: today },
  });
  expect(status).toBe(200);
  expect(body.counts).toEqual({ view: 3, cart: 1, checkout: 1, card: 1, paid: 1 });
  expect(body.weekBefore).toEqual({
    from: addDays(today, -8),
    to: addDays(today, -2),
    counts: { view: 2, cart: 0, checkout: 0, card: 0, paid: 0 },
  });
  expect(body.byDevice).toEqual([
    { device: 'phone', counts: { view: 2, cart: 1, checkout: 1, card: 1, paid: 1 } },
    { device: 'tablet', counts: { view: 0, cart: 0, checkout: 0, card: 0, paid: 0 } },
    { device: 'desktop', counts: { view: 1, cart: 0, checkout: 0, card: 0, paid: 0 } },
  ]);
  expect(body.bySource).toEqual([
    { source: 'cart-reminder', counts: { view: 2, cart: 1, checkout: 1, card: 1, paid: 1 } },
    { source: 'google.com', counts: { view: 1, cart: 0, checkout: 0, card: 0, paid: 0 } },
  ]);

  // What the table holds for the funnel: its key, the day, step, device class, source, shard and count. No address,
  // no agent, no order, no email.
  const items = (
    await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `funnel#${today}` },
      }),
    )
  ).Items!;
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    expect(Object.keys(item).sort()).toEqual(
      ['count', 'createdAt', 'day', 'device', 'entity', 'pk', 'shard', 'sk', 'source', 'step', 'updatedAt'].sort(),
    );
    expect(JSON.stringify(item)).not.toMatch(/203\.0\.113|Mozilla|@|ada/i);
  }
});

it('refuses what is not a step or a source (an email cannot be a source)', async () => {
  expect((await beacon({ steps: ['bought'], source: 'direct' })).status).toBe(400);
  expect((await beacon({ steps: ['view'], source: 'ada@example.com' })).status).toBe(400);
  expect((await beacon({ steps: ['view', 'view'], source: 'direct' })).status).toBe(400);
  expect((await beacon({ steps: ['view'], source: 'direct', email: 'ada@example.com' })).status).toBe(400);
});
