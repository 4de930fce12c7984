import { products } from '../../db/entities/product';
import { invoke, useFreshTable } from '#tests/helpers';
import { handler as search } from './search-products';

/**
 * GET /api/products/search against DynamoDB Local: the typos a shopper makes (two letters swapped count as one,
 * Damerau), accents folded on both sides, and a long list answered a page at a time with its total.
 */
const at = (minutes: number) => new Date(Date.UTC(2024, 0, 1, 0, minutes)).toISOString();
const CANDLES = 53;

beforeAll(async () => {
  await useFreshTable();
  await products.create({
    id: 'pumpkin-tee',
    name: 'Pumpkin Patch Tee',
    description: 'Soft cotton, an orange print.',
    price: 2000,
    tag: 'tees',
    stockRef: 'T',
    image: '/i/p.jpg',
    createdAt: at(1),
  });
  await products.create({
    id: 'vanilla-candle',
    name: 'Vanilla Snow Candle',
    description: 'Vanilla bean and cream.',
    price: 1800,
    tag: 'candles',
    stock: { CANDLE: 1 },
    image: '/i/v.jpg',
    createdAt: at(2),
  });
  await products.create({
    id: 'creme-candle',
    // Stored sanitised, as the admin's text is.
    name: 'Cr\u00e8me Br\u00fbl\u00e9e Candle',
    description: 'Caramelised sugar over custard.',
    price: 2100,
    tag: 'candles',
    stock: { CANDLE: 1 },
    image: '/i/c.jpg',
    createdAt: at(3),
  });
  // Written decomposed (e + combining accent), as some keyboards and pastes do.
  await products.create({
    id: 'cafe-mug',
    name: 'Cafe\u0301 Tumbler',
    description: 'Keeps coffee hot.',
    price: 1500,
    tag: 'tumblers',
    stock: { CANDLE: 1 },
    image: '/i/m.jpg',
    createdAt: at(4),
  });
  for (let i = 0; i < CANDLES - 2; i++) {
    await products.create({
      id: `plain-candle-${i}`,
      name: `Plain Candle ${i}`,
      description: 'Soy wax.',
      price: 1000 + i,
      tag: 'candles',
      stock: { CANDLE: 1 },
      image: '/i/x.jpg',
      createdAt: at(10 + i),
    });
  }
});

const find = async (query: Record<string, string>) => {
  const { status, body } = await invoke(search, { method: 'GET', path: '/api/products/search', query });
  return { status, body, ids: (body.products ?? []).map((p: { id: string }) => p.id) as string[] };
};

describe('typos a shopper makes', () => {
  it.each([
    ['cnadle', 'vanilla-candle'],
    ['canlde', 'vanilla-candle'],
    ['candels', 'vanilla-candle'],
    ['pumpkni', 'pumpkin-tee'],
    ['vanilal', 'vanilla-candle'],
    ['vanilal cnadle', 'vanilla-candle'],
  ])('%s (two letters swapped) finds %s', async (q, id) => {
    const { status, body, ids } = await find({ q, limit: '100' });
    expect(status).toBe(200);
    expect(ids).toContain(id);
    expect(body.total).toBeGreaterThan(0);
  });

  it('ranks the word as typed above a swap, and keeps short words exact (no typo under five letters)', async () => {
    expect((await find({ q: 'vanilla' })).ids[0]).toBe('vanilla-candle');
    // "tee" and "ete" are three letters: a start of a word, never a typo.
    expect((await find({ q: 'ete' })).ids).toEqual([]);
    expect((await find({ q: 'pmupkin' })).ids).toEqual(['pumpkin-tee']);
    // One swap and one more slip is two typos: too many for a seven-letter word.
    expect((await find({ q: 'pmupkni' })).ids).toEqual([]);
  });
});

describe('accents', () => {
  it('"creme brulee" finds Crème Brûlée, and accents typed find plain letters', async () => {
    expect((await find({ q: 'creme brulee' })).ids).toEqual(['creme-candle']);
    expect((await find({ q: 'CRÈME' })).ids).toEqual(['creme-candle']);
    expect((await find({ q: 'brûlée candle' })).ids).toEqual(['creme-candle']);
    expect((await find({ q: 'cafe' })).ids).toEqual(['cafe-mug']);
    expect((await find({ q: 'café' })).ids).toEqual(['cafe-mug']);
    expect((await find({ q: 'vanílla' })).ids).toEqual(['vanilla-candle']);
  });
});

describe('pages of a long list', () => {
  it(`shows all ${CANDLES} candles a page at a time, each once, with the total; the last page has no next cursor`, async () => {
    const first = await find({ q: 'candle' });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(CANDLES);
    expect(first.ids).toHaveLength(24);
    const seen = [...first.ids];
    let cursor: string | null = first.body.nextCursor;
    let pages = 1;
    while (cursor) {
      const next = await find({ q: 'candle', cursor });
      expect(next.status).toBe(200);
      expect(next.body.total).toBe(CANDLES);
      seen.push(...next.ids);
      cursor = next.body.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(CANDLES);
    expect(new Set(seen).size).toBe(CANDLES);
    const all = await find({ q: 'candle', limit: '100' });
    expect(all.ids).toEqual(seen);
    expect(all.body.nextCursor).toBeNull();
  });

  it('a bad cursor or limit is a 400 that names it', async () => {
    for (const cursor of [
      'nonsense',
      Buffer.from('o-1').toString('base64url'),
      Buffer.from('{"s":"newest"}').toString('base64url'),
    ]) {
      const answer = await find({ q: 'candle', cursor });
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields).toHaveProperty('cursor');
    }
    const limit = await find({ q: 'candle', limit: '0' });
    expect(limit.status).toBe(400);
    expect(limit.body.error.fields).toHaveProperty('limit');
  });
});
