import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { AGE_GROUPS, GENDERS, isApparel, isGtin } from '#shared/product-details';
import { sizesFor, type Size } from '#shared/sizes';
import { products, type ProductRecord } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import { createIndexedProduct } from '../../domain/catalog/tag-index';
import { saveDefaultBrand } from '../../domain/catalog/settings';
import { feedCatalog } from '../../domain/feeds/catalog';
import { feedItemId, feedItems, type FeedItem } from '../../domain/feeds/items';
import { META_COLUMNS } from '../../domain/feeds/meta';
import { SEED_DETAILS, SEED_PRODUCTS, seedCatalogue } from '../../local/seed';
import { invoke, useFreshTable } from '#tests/helpers';
import { handler as googleFeed } from './google-feed';
import { handler as metaFeed } from './meta-feed';

/**
 * The feeds against the specification of issue 55 (item 2, written there because this machine cannot reach Google's
 * page): every item of /feeds/google.xml is checked against each rule, and /feeds/meta.csv carries the same items in
 * Meta's columns. The catalogue is the demo seed (with its details) plus a product with processed photos.
 */
const ORIGIN = 'https://shop.example';
const PHOTO = 'aaaaaaaa-1111-4111-8111-111111111111';
const EXTRA = 'bbbbbbbb-2222-4222-8222-222222222222';
const photo = (id: string) => ({
  src: `/images/products/${id}`,
  width: 2400,
  height: 1800,
  widths: [320, 480, 640, 800, 960, 1200, 1600],
});

const G_ATTRIBUTES = [
  'id',
  'image_link',
  'additional_image_link',
  'availability',
  'price',
  'sale_price',
  'sale_price_effective_date',
  'brand',
  'gtin',
  'mpn',
  'identifier_exists',
  'condition',
  'item_group_id',
  'size',
  'color',
  'gender',
  'age_group',
  'material',
  'google_product_category',
  'product_type',
  'shipping_weight',
];
const INTERVAL =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})\/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const PRICE = /^\d+\.\d{2} USD$/;
const PICTURE = /^https:\/\/shop\.example\/images\/products\/.+\.(jpe?g|png)$/i;

/** The rules of issue 55 item 2, one item at a time: the problems of an item (none: it passes). */
function problems(item: Record<string, string | string[] | undefined>, record: ProductRecord | undefined): string[] {
  const found: string[] = [];
  const need = (ok: boolean, rule: string) => {
    if (!ok) found.push(`${String(item.id)}: ${rule}`);
  };
  const text = (name: string) => (typeof item[name] === 'string' ? item[name] : undefined);
  need(record !== undefined, 'names a listed product');
  need(Boolean(text('id')) && text('id')!.length <= 50, 'id of 1 to 50 characters');
  need(Boolean(text('title')) && text('title')!.length <= 150, 'title of 1 to 150 characters');
  need(
    Boolean(text('description')) && text('description')!.length <= 5000 && !/<[a-z/!]/i.test(text('description')!),
    'description: plain text of 1 to 5,000 characters',
  );
  need(text('link') === `${ORIGIN}/product/${record?.id}`, "link: the product's page");
  need(PICTURE.test(text('image_link') ?? ''), 'image_link: a JPEG or PNG of the shop (not AVIF)');
  const extra = ([] as string[]).concat(item.additional_image_link ?? []);
  need(
    extra.length <= 10 && extra.every((link) => PICTURE.test(link)),
    'at most 10 additional_image_link, JPEG or PNG',
  );
  need(['in_stock', 'out_of_stock', 'preorder', 'backorder'].includes(text('availability') ?? ''), 'availability');
  need(PRICE.test(text('price') ?? ''), 'price like 24.00 USD');
  need((text('sale_price') === undefined) === (text('sale_price_effective_date') === undefined), 'sale pair');
  if (text('sale_price')) {
    need(PRICE.test(text('sale_price')!), 'sale_price like 19.00 USD');
    need(INTERVAL.test(text('sale_price_effective_date')!), 'sale_price_effective_date: an ISO 8601 interval');
  }
  need(Boolean(text('brand')) && text('brand')!.length <= 70, 'brand');
  const gtin = text('gtin');
  need(gtin === undefined || isGtin(gtin), 'gtin with a right check digit');
  need(
    gtin || text('mpn') ? text('identifier_exists') === undefined : text('identifier_exists') === 'no',
    'gtin or mpn, or identifier_exists no',
  );
  need(text('condition') === 'new', 'condition new');
  const sizes = record ? sizesFor(record.tag) : [];
  need(
    sizes.length > 1 ? text('item_group_id') === record?.id : text('item_group_id') === undefined,
    "item_group_id: the product's id, shared by its sizes",
  );
  if (record && isApparel(record.tag)) {
    need(sizes.includes(text('size') as Size), 'apparel: size');
    need(Boolean(text('color')), 'apparel: color');
    need((GENDERS as readonly string[]).includes(text('gender') ?? ''), 'apparel: gender');
    need((AGE_GROUPS as readonly string[]).includes(text('age_group') ?? ''), 'apparel: age_group');
  }
  need(text('google_product_category') === record?.googleCategory, 'google_product_category where set');
  need(Boolean(text('product_type')), "product_type from the shop's category");
  const size = (text('size') ?? 'CANDLE') as Size;
  const grams = record?.weightGrams?.[size];
  need(grams ? text('shipping_weight') === `${grams} g` : text('shipping_weight') === undefined, 'shipping_weight');
  return found;
}

const xml = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'item' });

async function readGoogle() {
  const answer = await invoke(googleFeed, { method: 'GET', path: '/feeds/google.xml', headers: { host: 'x' } });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=900');
  const doc = xml.parse(answer.body as string) as {
    rss: { '@_version': string; '@_xmlns:g': string; channel: { item?: Record<string, unknown>[] } };
  };
  expect(doc.rss['@_version']).toBe('2.0');
  expect(doc.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
  // The g: prefix off each attribute, values as text.
  return (doc.rss.channel.item ?? []).map((item) =>
    Object.fromEntries(
      Object.entries(item).map(([name, value]) => [
        name.replace(/^g:/, ''),
        Array.isArray(value) ? value.map(String) : String(value),
      ]),
    ),
  );
}

let listed: ProductRecord[];
const byId = () => new Map(listed.map((record) => [record.id, record]));

beforeAll(async () => {
  await useFreshTable();
  process.env.SITE_URL = ORIGIN;
  await seedCatalogue({ photoWidth: null });
  // A product with photos from the image pipeline, and one drafted (never in a feed).
  await createIndexedProduct({
    id: 'photo-hoodie',
    name: 'Photo Hoodie & Co',
    description: 'Warm <b>fleece</b> hoodie.\nTwo lines.',
    price: 5000,
    tag: 'hoodies',
    image: photo(PHOTO).src,
    extraImages: [photo(EXTRA).src],
    photos: [photo(PHOTO), photo(EXTRA)],
    stockRef: 'HOODIE-FLEECE',
    stock: {},
    color: 'Grey',
    brand: 'Own Brand',
    gtins: { M: '4006381333931' },
    weightGrams: { M: 600 },
  });
  await createIndexedProduct({
    id: 'hidden-candle',
    name: 'Hidden Candle',
    description: 'Not for sale yet.',
    price: 1000,
    tag: 'candles',
    image: '/images/products/hidden.jpg',
    status: 'drafted',
    stock: { CANDLE: 3 },
  });
  listed = await products.query('byStatus', { status: 'listed' });
});

afterAll(() => {
  delete process.env.SITE_URL;
});

describe('GET /feeds/google.xml', () => {
  it('has one item per listed product and size, each passing every rule of the specification', async () => {
    const items = await readGoogle();
    const records = byId();
    const failures = items.flatMap((item) =>
      problems(item, records.get(String(item.link).split('/product/')[1] ?? '')),
    );
    expect(failures).toEqual([]);
    const expected = listed.flatMap((record) => sizesFor(record.tag).map((size) => feedItemId(record.id, size)));
    expect(items.map((item) => item.id).sort()).toEqual([...expected].sort());
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(items.some((item) => String(item.link).endsWith('/hidden-candle'))).toBe(false);
    // Every attribute is one of Google's (RSS's own title, link and description besides).
    for (const item of items)
      for (const name of Object.keys(item)) expect([...G_ATTRIBUTES, 'title', 'link', 'description']).toContain(name);
  });

  it('says out_of_stock for a sold-out size and keeps it listed; in_stock follows the counts', async () => {
    const items = new Map((await readGoogle()).map((item) => [item.id, item]));
    // The seed's Vanilla Snow Candle has none; the classic tee's 2XL none; its M twenty.
    expect(items.get('vanilla-snow-candle')?.availability).toBe('out_of_stock');
    expect(items.get('pumpkin-patch-tee_2XL')?.availability).toBe('out_of_stock');
    expect(items.get('pumpkin-patch-tee_M')?.availability).toBe('in_stock');
    // The tees' shared stock item sells out of M: every tee's M says so, and stays in the feed.
    const tee = (await stockItems.get({ id: 'TEE-CLASSIC' }))!;
    await stockItems.update({ id: 'TEE-CLASSIC' }, { set: { stock: { ...tee.stock, M: 0 } } });
    const after = new Map((await readGoogle()).map((item) => [item.id, item]));
    for (const id of ['pumpkin-patch-tee_M', 'snowflake-tee_M', 'summer-sun-tee_M'])
      expect(after.get(id)?.availability).toBe('out_of_stock');
    expect(after.size).toBe(items.size);
    await stockItems.update({ id: 'TEE-CLASSIC' }, { set: { stock: tee.stock } });
  });

  it("writes the attributes a product gives: brand, gtin or mpn, the largest JPEG, the weight, the group's id", async () => {
    const items = new Map((await readGoogle()).map((item) => [item.id, item]));
    const hoodie = items.get('photo-hoodie_M')!;
    expect(hoodie.title).toBe('Photo Hoodie & Co');
    expect(hoodie.image_link).toBe(`${ORIGIN}/images/products/${PHOTO}/1600.jpg`);
    expect(hoodie.additional_image_link).toBe(`${ORIGIN}/images/products/${EXTRA}/1600.jpg`);
    expect(hoodie).toMatchObject({ brand: 'Own Brand', gtin: '4006381333931', shipping_weight: '600 g' });
    expect(hoodie).toMatchObject({ item_group_id: 'photo-hoodie', gender: 'unisex', age_group: 'adult' });
    expect(items.get('photo-hoodie_S')).toMatchObject({ brand: 'Own Brand', identifier_exists: 'no' });
    expect(items.get('harvest-spice-candle')).toMatchObject({
      brand: 'Seasonal Shop',
      gtin: SEED_DETAILS['harvest-spice-candle'].gtins!.CANDLE,
      price: '24.00 USD',
      product_type: 'Candles',
      shipping_weight: '420 g',
    });
    expect(items.get('mountain-keyboard-rest')?.identifier_exists).toBe('no');
    expect(items.get('cocoa-tumbler_20oz')).toMatchObject({ size: '20oz', item_group_id: 'cocoa-tumbler' });
    // The owner's default brand names every product without its own.
    await saveDefaultBrand('Porch & Pine');
    const renamed = new Map((await readGoogle()).map((item) => [item.id, item]));
    expect(renamed.get('harvest-spice-candle')?.brand).toBe('Porch & Pine');
    expect(renamed.get('photo-hoodie_M')?.brand).toBe('Own Brand');
    await saveDefaultBrand('');
  });

  it('keeps ids stable, at most 50 characters, apart even when long product ids start alike', () => {
    const long = 'a'.repeat(60);
    const ids = [feedItemId(long, '2XL'), feedItemId(`${long}b`, '2XL'), feedItemId(long, 'CANDLE')];
    expect(ids.every((id) => id.length <= 50)).toBe(true);
    expect(new Set(ids).size).toBe(3);
    expect(feedItemId(long, '2XL')).toBe(ids[0]);
    expect(feedItemId('cozy-cabin-hoodie', 'XL')).toBe('cozy-cabin-hoodie_XL');
  });

  it("takes sale_price and its ISO 8601 interval from the catalogue's sales (today none)", async () => {
    const catalog = await feedCatalog();
    const sale = { price: 1900, startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-08T00:00:00Z' };
    const items: FeedItem[] = feedItems(catalog, {
      origin: ORIGIN,
      defaultBrand: 'Seasonal Shop',
      saleOf: (product, size) => (product.id === 'harvest-spice-candle' && size === 'CANDLE' ? sale : null),
    });
    const onSale = items.filter((item) => item.sale_price);
    expect(onSale.map((item) => item.id)).toEqual(['harvest-spice-candle']);
    expect(onSale[0]).toMatchObject({
      price: '24.00 USD',
      sale_price: '19.00 USD',
      sale_price_effective_date: '2026-12-01T00:00:00Z/2026-12-08T00:00:00Z',
    });
    const records = byId();
    expect(items.flatMap((item) => problems(item as never, records.get(item.link.split('/product/')[1])))).toEqual([]);
    // The feed as served asks the catalogue, which has no sale running.
    expect((await readGoogle()).filter((item) => item.sale_price)).toEqual([]);
  });
});

describe('GET /feeds/meta.csv', () => {
  it("carries the same items in Meta's columns and words", async () => {
    const answer = await invoke(metaFeed, { method: 'GET', path: '/feeds/meta.csv', headers: { host: 'x' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse<Record<string, string>>(answer.body as string, { columns: true });
    const header: unknown = parse(answer.body as string, { to_line: 1 })[0];
    expect(header).toEqual([...META_COLUMNS]);
    const google = new Map((await readGoogle()).map((item) => [item.id, item]));
    expect(rows.map((row) => row.id).sort()).toEqual([...google.keys()].sort());
    for (const row of rows) {
      const item = google.get(row.id)!;
      expect(row.availability).toBe(item.availability === 'in_stock' ? 'in stock' : 'out of stock');
      for (const column of ['title', 'description', 'condition', 'price', 'link', 'image_link', 'brand'])
        expect(row[column]).toBe(item[column]);
      for (const column of ['item_group_id', 'size', 'color', 'gender', 'age_group', 'sale_price'])
        expect(row[column]).toBe(item[column] ?? '');
    }
    expect(rows.find((row) => row.id === 'vanilla-snow-candle')?.availability).toBe('out of stock');
    expect(rows.find((row) => row.id === 'photo-hoodie_M')?.description).toBe('Warm fleece hoodie.\nTwo lines.');
    expect(SEED_PRODUCTS.length + 1).toBe(listed.length);
  });
});

describe('a drop in the feeds (issue 57 item 1, docs/decisions/0172)', () => {
  it('says preorder with its start (Google availability_date) until the drop starts, then in stock', async () => {
    const { setUpDrop, endDrop } = await import('../../domain/stock/drops');
    const { catalogFeedItems } = await import('../../domain/feeds/catalog');
    await createIndexedProduct({
      id: 'drop-candle',
      name: 'Drop Candle',
      image: '/images/products/x.svg',
      description: 'Limited run.',
      price: 3000,
      tag: 'candles',
      stock: { CANDLE: 30 },
    });
    const drop = await setUpDrop('drop-candle', { sizes: ['CANDLE'], startsAt: '2031-12-04T12:00', limit: 1 });
    expect(drop.startsAt).toBe('2031-12-04T17:00:00.000Z');
    const google = (await readGoogle()).find((item) => item.id === 'drop-candle');
    expect(google).toMatchObject({ availability: 'preorder', availability_date: '2031-12-04T17:00:00.000Z' });
    const meta = parse<Record<string, string>>(
      (await invoke(metaFeed, { method: 'GET', path: '/feeds/meta.csv', headers: { host: 'x' } })).body as string,
      { columns: true },
    );
    expect(meta.find((row) => row.id === 'drop-candle')?.availability).toBe('preorder');
    // Once it has started: in stock, its units read from the shards.
    const started = await catalogFeedItems(ORIGIN, new Date('2031-12-04T17:00:01Z'));
    expect(started.find((item) => item.id === 'drop-candle')).toMatchObject({ availability: 'in_stock' });
    expect(started.find((item) => item.id === 'drop-candle')?.availability_date).toBeUndefined();
    await endDrop('drop-candle');
  });
});
