import type { AdminProduct } from './adminApi';
import { changes, ownCounts, rowOf, toCount } from './productRows';

/** The products table's rows (productRows.ts): what the owner sees in a row, and what Save sends for it. */
const candle: AdminProduct = {
  id: 'vanilla-candle',
  name: 'Vanilla &amp; Snow',
  image: '/i/c.jpg',
  extraImages: [],
  description: '&lt;Warm&gt;',
  price: 1800,
  tag: 'candles',
  averageRating: 0,
  status: 'listed',
  version: 3,
  stock: { CANDLE: 4 },
  sizes: [{ size: 'CANDLE', available: 4 }],
};
const tumbler: AdminProduct = { ...candle, id: 't', tag: 'tumblers', stock: { '16oz': 1, '20oz': 2, '24oz': 3 } };
const tee: AdminProduct = { ...candle, id: 'tee', tag: 'tees', stockRef: 'TEE-BLUE', stock: {} };

it('a row shows the text as typed (unescaped), the price in dollars and the counts as text', () => {
  expect(rowOf(candle)).toEqual({
    name: 'Vanilla & Snow',
    price: '18.00',
    tag: 'candles',
    stockRef: '',
    description: '<Warm>',
    stock: { CANDLE: '4' },
    weights: {},
    packing: '',
  });
});

it("a row's shipping weights and packing: shown as stored, sent only when changed, the tags' sizes only", () => {
  const weighed: AdminProduct = { ...candle, weightGrams: { CANDLE: 420 }, packing: 'alone' };
  expect(rowOf(weighed)).toMatchObject({ weights: { CANDLE: '420' }, packing: 'alone' });
  expect(changes(weighed, rowOf(weighed))).toEqual({});
  expect(changes(weighed, { ...rowOf(weighed), weights: { CANDLE: '450' } })).toEqual({ weightGrams: { CANDLE: 450 } });
  // Cleared: back to the kind's usual weight and rule.
  expect(changes(weighed, { ...rowOf(weighed), weights: { CANDLE: '' }, packing: '' })).toEqual({
    weightGrams: {},
    packing: '',
  });
  // A tee's sizes, not a size its tags do not have.
  expect(changes(tee, { ...rowOf(tee), weights: { M: '190', CANDLE: '400' } })).toEqual({ weightGrams: { M: 190 } });
});

it('Save sends only what changed: nothing for an untouched row, the price in cents', () => {
  expect(changes(candle, rowOf(candle))).toEqual({});
  expect(changes(candle, { ...rowOf(candle), name: 'Vanilla', price: '19.5' })).toEqual({
    name: 'Vanilla',
    price: 1950,
  });
  expect(changes(candle, { ...rowOf(candle), price: '12,99' }).price).toBeNaN();
});

it('counts: a single-size product its one count, a tumbler all three when one changed, non-numbers as 0', () => {
  expect(ownCounts('candles')).toEqual(['CANDLE']);
  expect(ownCounts('tumblers,new-releases')).toEqual(['16oz', '20oz', '24oz']);
  expect(ownCounts('tees')).toEqual([]);
  expect(changes(candle, { ...rowOf(candle), stock: { CANDLE: 'lots' } })).toEqual({ stock: { CANDLE: 0 } });
  const row = rowOf(tumbler);
  expect(changes(tumbler, { ...row, stock: { ...row.stock, '20oz': '7' } })).toEqual({
    stock: { '16oz': 1, '20oz': 7, '24oz': 3 },
  });
  expect([toCount('-2'), toCount('3.7'), toCount('')]).toEqual([0, 3, 0]);
});

it('apparel keeps no counts of its own: its stock item is sent when changed, never a count', () => {
  expect(changes(tee, { ...rowOf(tee), stockRef: 'TEE-RED' })).toEqual({ stockRef: 'TEE-RED' });
  // A candle retagged as apparel: the tag goes, and no counts with it.
  expect(changes(candle, { ...rowOf(candle), tag: 'hoodies' })).toEqual({ tag: 'hoodies' });
});
