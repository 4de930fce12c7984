import { MESSAGES } from '#shared/messages';
import { DROP_RULES, shopLocal } from '#shared/drops';
import { checkouts } from '../../db/entities/checkout';
import { products } from '../../db/entities/product';
import { askLine, letInThrough } from '../../domain/stock/drop-line';
import { setUpDrop } from '../../domain/stock/drops';
import { drops } from '../../db/entities/drop';
import { invoke, useFreshTable } from '#tests/helpers';
import { guestIntent, pay, recordGuest } from '#tests/checkout';
import { handler as askLineHandler } from './ask-line';

/**
 * Issue 57 item 3, a drop's fair line (docs/decisions/0171), against DynamoDB Local: numbers let in in arrival order
 * at the line's rate, a bot asking again and again never moving forward (and joining again only going to the back), a
 * buyer who stops asking losing the place, nobody waiting when the line is short, and a payment intent only for a
 * buyer the line let in. The clock of the line is passed in (`now`), so no test waits.
 */

function shopTime(minutes: number): string {
  return shopLocal(Date.now() + minutes * 60_000);
}

const ask = (productId: string, body: Record<string, unknown>) =>
  invoke(askLineHandler, {
    method: 'POST',
    path: `/api/drops/${productId}/line`,
    routePath: '/api/drops/{productId}/line',
    params: { productId },
    body,
  });

beforeAll(async () => {
  await useFreshTable();
  const base = { image: '/i/x.svg', description: 'd', price: 2500 };
  await products.create({ ...base, id: 'soon', name: 'Soon Candle', tag: 'candles', stock: { CANDLE: 100 } });
  await products.create({ ...base, id: 'open', name: 'Open Candle', tag: 'candles', stock: { CANDLE: 5 } });
  await setUpDrop('soon', { sizes: ['CANDLE'], startsAt: shopTime(60), limit: 1, line: true });
  await setUpDrop('open', { sizes: ['CANDLE'], startsAt: shopTime(-1), limit: 1, line: true });
});

it('lets numbers in in arrival order at its rate; a bot asking 50 times, or joining again, does not move forward', async () => {
  const drop = (await drops.get({ productId: 'soon' }))!;
  const start = Date.parse(drop.startsAt);
  const at = (seconds: number) => new Date(start + seconds * 1000);
  // 30 buyers, then the bot, then 10 more, all before the start.
  const before = [];
  for (let i = 0; i < 30; i++) before.push(await askLine('soon', undefined, at(-5)));
  const bot = await askLine('soon', undefined, at(-5));
  const after = [];
  for (let i = 0; i < 10; i++) after.push(await askLine('soon', undefined, at(-5)));
  // Before the start nobody is in; each is told a place and an honest wait (the start, then the line's rate).
  expect(before[0]).toMatchObject({ state: 'waiting', position: 1, waitSeconds: 5 });
  expect(bot).toMatchObject({ state: 'waiting', position: 31 });
  expect(bot.state === 'waiting' && bot.waitSeconds).toBe(5 + Math.ceil((31 - DROP_RULES.letInBurst) / 16));

  // Half a second after the start: 16 + 8 are in. The bot asks 50 times and stays 7 from the front.
  expect(letInThrough(drop, at(0.5))).toBe(24);
  const asks = [];
  for (let i = 0; i < 50; i++) asks.push(await askLine('soon', bot.token, at(0.5)));
  expect(asks.every((answer) => answer.state === 'waiting' && answer.position === 7)).toBe(true);
  // Joining again (five new tokens) only takes numbers at the back.
  const again = [];
  for (let i = 0; i < 5; i++) again.push(await askLine('soon', undefined, at(0.5)));
  expect(again.map((answer) => answer.state === 'waiting' && answer.position)).toEqual([18, 19, 20, 21, 22]);
  // Who is in at 0.5 s: exactly the first 24 by arrival, the bot and everyone after it not yet.
  const states = await Promise.all(before.map((ticket) => askLine('soon', ticket.token, at(0.5))));
  expect(states.map((answer) => answer.state)).toEqual([...Array(24).fill('in'), ...Array(6).fill('waiting')]);
  // At 1 s its number comes up (16 + 16 = 32): in, and the buyers after it follow in order.
  expect((await askLine('soon', bot.token, at(1))).state).toBe('in');
  const next = await Promise.all(after.map((ticket) => askLine('soon', ticket.token, at(1))));
  expect(next.map((answer) => answer.state)).toEqual(['in', ...Array(9).fill('waiting')]);
  expect(next[9]).toMatchObject({ position: 9 });
});

it("a stage's own rate (DROP_LET_IN_PER_SECOND, the drop bench's slower stack) lets in and tells the wait by it", async () => {
  const drop = (await drops.get({ productId: 'soon' }))!;
  const at = (seconds: number) => new Date(Date.parse(drop.startsAt) + seconds * 1000);
  process.env.DROP_LET_IN_PER_SECOND = '4';
  try {
    // 16 at the start, then 4 a second (not 16): at 2 s numbers up to 24 are in.
    expect(letInThrough(drop, at(2))).toBe(DROP_RULES.letInBurst + 8);
    const late = await askLine('soon', undefined, at(2));
    expect(late.state).toBe('waiting');
    if (late.state !== 'waiting') return;
    // Its place, told at this rate: the numbers ahead of it, four a second.
    expect(late.waitSeconds).toBe(Math.ceil(late.position / 4));
  } finally {
    delete process.env.DROP_LET_IN_PER_SECOND;
  }
  expect(letInThrough(drop, at(2))).toBe(DROP_RULES.letInBurst + 2 * DROP_RULES.letInPerSecond);
});

it('a buyer who stops asking loses the place; a token of another drop or a forged one is refused', async () => {
  const drop = (await drops.get({ productId: 'soon' }))!;
  const start = Date.parse(drop.startsAt);
  const ticket = await askLine('soon', undefined, new Date(start - 5_000));
  expect(ticket.state).toBe('waiting');
  // Asked within the time it is kept: still waiting; then silent for longer: the place is gone.
  expect((await askLine('soon', ticket.token, new Date(start - 5_000 + 20_000))).state).toBe('in');
  const late = new Date(start - 5_000 + 20_000 + (DROP_RULES.leaveAfterSeconds + 1) * 1000);
  await expect(askLine('soon', ticket.token, late)).rejects.toMatchObject({ statusCode: 409, code: 'line_left' });
  // Over HTTP: another drop's token, a changed one.
  expect((await ask('open', { token: ticket.token })).body.error).toEqual({
    code: 'line_token',
    message: MESSAGES.dropLineToken,
  });
  expect((await ask('soon', { token: `${ticket.token.slice(0, -2)}xx` })).status).toBe(400);
  expect((await ask('nothing-here', {})).status).toBe(404);
});

it('nobody waits when the line is short, and a payment intent is made only for a buyer the line let in', async () => {
  // The drop started a minute ago: far more numbers are let in than have joined.
  const refused = await guestIntent({ cart: [{ id: 'open', size: 'CANDLE', quantity: 1 }] });
  expect(refused.status).toBe(409);
  expect(refused.body.error).toEqual({ code: 'drop_line', message: MESSAGES.dropWaitYourTurn });
  const joined = await ask('open', {});
  expect(joined.status).toBe(200);
  expect(joined.body.state).toBe('in');
  const intent = await guestIntent({
    cart: [{ id: 'open', size: 'CANDLE', quantity: 1 }],
    lineToken: joined.body.token,
  });
  expect(intent.status).toBe(200);
  await pay(intent.body.clientSecret);
  expect((await recordGuest(intent.body.paymentIntentId)).status).toBe(201);
  expect((await checkouts.get({ checkoutId: intent.body.checkoutId }))?.state).toBe('captured');
  // A token of a line not yet let in is refused at the card step too.
  const soon = await ask('soon', {});
  expect(soon.body.state).toBe('waiting');
  const early = await guestIntent({ cart: [{ id: 'soon', size: 'CANDLE', quantity: 1 }], lineToken: soon.body.token });
  expect(early.status).toBe(409);
  expect(early.body.error.code).toBe('drop_not_started');
});

it('tells everyone in line "sold out" once no unit is left', async () => {
  await setUpDrop('open', { sizes: ['CANDLE'], startsAt: shopTime(-1), limit: 1, line: true }).catch(() => null);
  const drop = (await drops.get({ productId: 'open' }))!;
  // 4 left after the order above; take them in the shards as orders would, then ask.
  const { stockShards } = await import('../../db/entities/stock-shard');
  const shards = await stockShards.getMany([{ cell: 'product|open|CANDLE', shard: 0 }], { consistent: true });
  await stockShards.update(
    { cell: 'product|open|CANDLE', shard: 0 },
    { add: { units: -shards[0].units, taken: shards[0].units } },
  );
  const answer = await askLine('open', undefined, new Date(Date.parse(drop.startsAt) + 60_000));
  expect(answer).toMatchObject({ state: 'sold_out', message: MESSAGES.dropSoldOut });
});
