import { BOXES, gramsOf, packingOf, packLinesOf, packOrder, parcelOunces, type PackLine, type Parcel } from './parcels';

const line = (index: number, grams: number, packing: PackLine['packing'], quantity = 1): PackLine => ({
  line: index,
  grams,
  packing,
  quantity,
});
const summary = (parcels: Parcel[]) => parcels.map((p) => ({ box: p.box.id, grams: p.grams, contents: p.contents }));

describe('a product size as a parcel sees it', () => {
  test('its own weight wins; without one, its kind gives the usual weight', () => {
    expect(gramsOf({ tag: 'candles, hot', weightGrams: { CANDLE: 420 } }, 'CANDLE')).toBe(420);
    expect(gramsOf({ tag: 'candles' }, 'CANDLE')).toBe(400);
    expect(gramsOf({ tag: 'Rugs' }, 'CANDLE')).toBe(2600);
    expect(gramsOf({ tag: 'tees', weightGrams: { M: 190 } }, 'L')).toBe(180);
    expect(gramsOf({ tag: 'stickers' }, 'CANDLE')).toBe(500);
  });

  test('its packing rule is the product’s own, else its kind’s', () => {
    expect(packingOf({ tag: 'rugs' })).toBe('alone');
    expect(packingOf({ tag: 'hoodies, hot' })).toBe('soft');
    expect(packingOf({ tag: 'candles' })).toBe('boxed');
    expect(packingOf({ tag: 'stickers' })).toBe('boxed');
    expect(packingOf({ tag: 'rugs', packing: 'boxed' })).toBe('boxed');
  });

  test('the lines of an order leave out what ships nothing (a gift card has no product)', () => {
    const lines = packLinesOf([
      { size: 'CANDLE', quantity: 2, product: { tag: 'candles', weightGrams: { CANDLE: 420 } } },
      { size: 'GIFT CARD', quantity: 1 },
      { size: 'M', quantity: 1, product: { tag: 'tees' } },
    ]);
    expect(lines).toEqual([
      { line: 0, grams: 420, packing: 'boxed', quantity: 2 },
      { line: 2, grams: 180, packing: 'soft', quantity: 1 },
    ]);
  });
});

describe('packing an order', () => {
  test('nothing to ship gives no parcel', () => {
    expect(packOrder([])).toEqual([]);
    expect(packOrder([line(0, 400, 'boxed', 0)])).toEqual([]);
  });

  test('one candle goes into a small box, its weight with the box', () => {
    expect(summary(packOrder([line(0, 420, 'boxed')]))).toEqual([
      { box: 'small', grams: 420 + BOXES.small.tareGrams, contents: [{ line: 0, quantity: 1 }] },
    ]);
  });

  test('soft goods alone go into a mailer; with a candle they share its box', () => {
    expect(summary(packOrder([line(0, 180, 'soft', 2)]))).toEqual([
      { box: 'mailer', grams: 360 + BOXES.mailer.tareGrams, contents: [{ line: 0, quantity: 2 }] },
    ]);
    expect(summary(packOrder([line(0, 180, 'soft', 2), line(1, 420, 'boxed')]))).toEqual([
      {
        box: 'small',
        grams: 780 + BOXES.small.tareGrams,
        contents: [
          { line: 0, quantity: 2 },
          { line: 1, quantity: 1 },
        ],
      },
    ]);
  });

  test('soft goods too heavy for a mailer take the smallest box that holds them', () => {
    const [parcel] = packOrder([line(0, 600, 'soft', 6)]);
    expect(parcel.box.id).toBe('medium');
    expect(parcel.grams).toBe(3600 + BOXES.medium.tareGrams);
  });

  test('each rug ships alone in its own roll, beside the box of the rest', () => {
    expect(summary(packOrder([line(0, 420, 'boxed'), line(1, 2600, 'alone', 2)]))).toEqual([
      { box: 'small', grams: 420 + BOXES.small.tareGrams, contents: [{ line: 0, quantity: 1 }] },
      { box: 'roll', grams: 2600 + BOXES.roll.tareGrams, contents: [{ line: 1, quantity: 1 }] },
      { box: 'roll', grams: 2600 + BOXES.roll.tareGrams, contents: [{ line: 1, quantity: 1 }] },
    ]);
  });

  test('more than a large box holds is split, heaviest first, and every unit is packed once', () => {
    const lines = [line(0, 4000, 'boxed', 3), line(1, 4500, 'boxed', 2), line(2, 180, 'soft', 9)];
    const parcels = packOrder(lines);
    for (const parcel of parcels) {
      expect(parcel.grams - parcel.box.tareGrams).toBeLessThanOrEqual(BOXES.large.maxGrams);
      expect(parcel.grams - parcel.box.tareGrams).toBeLessThanOrEqual(parcel.box.maxGrams);
    }
    const packed = (index: number) =>
      parcels.flatMap((p) => p.contents).reduce((n, c) => n + (c.line === index ? c.quantity : 0), 0);
    expect([packed(0), packed(1), packed(2)]).toEqual([3, 2, 9]);
    expect(parcels.length).toBe(2);
    expect(parcels[0].contents).toEqual([
      { line: 0, quantity: 1 },
      { line: 1, quantity: 2 },
      { line: 2, quantity: 9 },
    ]);
  });

  test('a unit heavier than a large box holds still gets a large box of its own', () => {
    expect(summary(packOrder([line(0, 20000, 'boxed')]))).toEqual([
      { box: 'large', grams: 20000 + BOXES.large.tareGrams, contents: [{ line: 0, quantity: 1 }] },
    ]);
  });

  test('the same order always packs the same way, whatever the order of its lines', () => {
    const lines = [line(0, 420, 'boxed', 2), line(1, 180, 'soft', 3), line(2, 2600, 'alone')];
    expect(packOrder(lines)).toEqual(packOrder([...lines].reverse()));
  });

  test('a parcel’s weight in whole ounces, at least 1', () => {
    expect(parcelOunces({ grams: 570 })).toBe(21);
    expect(parcelOunces({ grams: 3000 })).toBe(106);
    expect(parcelOunces({ grams: 1 })).toBe(1);
  });
});
