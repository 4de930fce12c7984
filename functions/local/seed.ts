import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Photo } from '#shared/images';
import type { ProductDetails } from '#shared/schemas/product-details';
import { photoOf, uploadOriginal, waitForPhotos } from '../domain/images/photos';
import { seedPhoto, type Motif } from './seed-photos';
import { promos } from '../db/entities/promo';
import { isConditionFailure } from '../db/table';
import { putIndexedProduct } from '../domain/catalog/tag-index';
import { stockItems } from '../db/entities/stock-item';
import { seedMarker } from '../db/entities/marker';

/**
 * The demo catalogue `npm start` seeds on first start: every category of the spec, stock items, a few `hot`
 * products, and photos drawn here (functions/local/seed-photos.ts; no downloads) that go through the image pipeline.
 */
interface SeedProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  tag: string;
  stockRef?: string;
  stock?: Record<string, number>;
  colors: [string, string];
  motif: Motif;
}

export const SEED_STOCK_ITEMS = [
  { id: 'TEE-CLASSIC', stock: { S: 12, M: 20, L: 18, XL: 8, '2XL': 0 } },
  { id: 'HOODIE-FLEECE', stock: { S: 4, M: 9, L: 7, XL: 3, '2XL': 2 } },
  { id: 'WRAP-ROLL', stock: { S: 30, M: 25, L: 0, XL: 0, '2XL': 0 } },
];

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    id: 'harvest-spice-candle',
    name: 'Harvest Spice Candle',
    description: 'Hand-poured soy candle with cinnamon, clove and a hint of orange peel. Burns for about 45 hours.',
    price: 2400,
    tag: 'candles,hot,new-releases',
    stock: { CANDLE: 25 },
    colors: ['#b45309', '#fde68a'],
    motif: 'candle',
  },
  {
    id: 'frosted-pine-candle',
    name: 'Frosted Pine Candle',
    description: 'Fresh pine and cedarwood in a frosted glass jar with a wooden lid.',
    price: 2200,
    tag: 'candles',
    stock: { CANDLE: 14 },
    colors: ['#166534', '#dcfce7'],
    motif: 'candle',
  },
  {
    id: 'vanilla-snow-candle',
    name: 'Vanilla Snow Candle',
    description: 'Creamy vanilla bean and sugared almond. Our cosiest winter scent.',
    price: 1900,
    tag: 'candles',
    stock: { CANDLE: 0 },
    colors: ['#78350f', '#fef3c7'],
    motif: 'candle',
  },
  {
    id: 'pumpkin-patch-tee',
    name: 'Pumpkin Patch Tee',
    description: 'Soft ring-spun cotton tee with a screen-printed pumpkin patch design.',
    price: 2499,
    tag: 'tees,shirts,hot',
    stockRef: 'TEE-CLASSIC',
    colors: ['#c2410c', '#ffedd5'],
    motif: 'tee',
  },
  {
    id: 'snowflake-tee',
    name: 'Snowflake Tee',
    description: 'Heather blue tee with a hand-drawn snowflake print on the chest.',
    price: 2299,
    tag: 'tees,new-releases',
    stockRef: 'TEE-CLASSIC',
    colors: ['#1d4ed8', '#dbeafe'],
    motif: 'tee',
  },
  {
    id: 'summer-sun-tee',
    name: 'Summer Sun Tee',
    description: 'Bright sunshine print for long summer days. Pre-shrunk cotton.',
    price: 2199,
    tag: 'tees,shirts',
    stockRef: 'TEE-CLASSIC',
    colors: ['#ca8a04', '#fef9c3'],
    motif: 'tee',
  },
  {
    id: 'cozy-cabin-hoodie',
    name: 'Cozy Cabin Hoodie',
    description: 'Heavyweight fleece hoodie with a cabin-in-the-woods print and kangaroo pocket.',
    price: 4999,
    tag: 'hoodies,hot,new-releases',
    stockRef: 'HOODIE-FLEECE',
    colors: ['#7c2d12', '#fed7aa'],
    motif: 'hoodie',
  },
  {
    id: 'midnight-stars-hoodie',
    name: 'Midnight Stars Hoodie',
    description: 'Navy hoodie scattered with embroidered stars.',
    price: 5299,
    tag: 'hoodies',
    stockRef: 'HOODIE-FLEECE',
    colors: ['#1e1b4b', '#e0e7ff'],
    motif: 'hoodie',
  },
  {
    id: 'holly-gift-wrap',
    name: 'Holly Gift Wrap',
    description: 'Recyclable kraft gift wrap printed with holly sprigs. Sold by the sheet size.',
    price: 899,
    tag: 'giftwraps,hot',
    stockRef: 'WRAP-ROLL',
    colors: ['#b91c1c', '#fee2e2'],
    motif: 'wrap',
  },
  {
    id: 'golden-ribbon-wrap',
    name: 'Golden Ribbon Wrap',
    description: 'Cream paper with gold ribbon stripes for elegant presents.',
    price: 999,
    tag: 'giftwraps,new-releases',
    stockRef: 'WRAP-ROLL',
    colors: ['#a16207', '#fefce8'],
    motif: 'wrap',
  },
  {
    id: 'autumn-leaves-rug',
    name: 'Autumn Leaves Tufted Rug',
    description: 'Hand-tufted wool rug with falling maple leaves, 2 x 3 ft.',
    price: 8900,
    tag: 'rugs,hot',
    stock: { CANDLE: 5 },
    colors: ['#9a3412', '#ffedd5'],
    motif: 'rug',
  },
  {
    id: 'mountain-keyboard-rest',
    name: 'Mountain Keyboard Rest',
    description: 'Tufted keyboard wrist rest with a mountain range design.',
    price: 3400,
    tag: 'rugs',
    stock: { CANDLE: 10 },
    colors: ['#155e75', '#cffafe'],
    motif: 'rug',
  },
  {
    id: 'cocoa-tumbler',
    name: 'Hot Cocoa Tumbler',
    description: 'Double-wall insulated steel tumbler that keeps cocoa hot for hours.',
    price: 2799,
    tag: 'tumblers,new-releases',
    stock: { '16oz': 10, '20oz': 6, '24oz': 0 },
    colors: ['#4c1d95', '#ede9fe'],
    motif: 'tumbler',
  },
  {
    id: 'lemonade-tumbler',
    name: 'Lemonade Tumbler',
    description: 'Summer tumbler with a lemon print and a reusable straw.',
    price: 2599,
    tag: 'tumblers',
    stock: { '16oz': 3, '20oz': 8, '24oz': 12 },
    colors: ['#a16207', '#fef08a'],
    motif: 'tumbler',
  },
];

/** Products whose page shows three photos (two more angles, smaller, as an owner's second and third shots). */
const TEE_GRAMS = { S: 150, M: 165, L: 180, XL: 200, '2XL': 220 };
const HOODIE_GRAMS = { S: 520, M: 560, L: 600, XL: 650, '2XL': 700 };
const WRAP_GRAMS = { '18inX36in': 60, '20inX40in': 75, '24inX44in': 95 };
const TUMBLER_GRAMS = { '16oz': 340, '20oz': 390, '24oz': 450 };
const TEES = 'Apparel & Accessories > Clothing > Shirts & Tops';
const CANDLES = 'Home & Garden > Decor > Home Fragrances > Candles';
const WRAPS = 'Arts & Entertainment > Party & Celebration > Gift Giving > Gift Wrapping > Gift Wrap';
const RUGS = 'Home & Garden > Decor > Rugs';
const TUMBLERS = 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Tumblers & Travel Mugs';

/**
 * What the demo products say about themselves to the feeds and carriers (issue 55 item 1): colour, material, Google's
 * category, a weight per size, MPNs, GTINs on a few (valid check digits) and one product with neither (its feed items
 * say identifier_exists no). The brand is the shop's default.
 */
export const SEED_DETAILS: Record<string, ProductDetails> = {
  'harvest-spice-candle': {
    color: 'Amber',
    material: 'Soy wax',
    googleCategory: CANDLES,
    gtins: { CANDLE: '0841234000011' },
    weightGrams: { CANDLE: 420 },
  },
  'frosted-pine-candle': {
    color: 'Green',
    material: 'Soy wax',
    googleCategory: CANDLES,
    gtins: { CANDLE: '0841234000028' },
    weightGrams: { CANDLE: 400 },
  },
  'vanilla-snow-candle': {
    color: 'Cream',
    material: 'Soy wax',
    googleCategory: CANDLES,
    mpn: 'SS-CDL-VAN',
    weightGrams: { CANDLE: 380 },
  },
  'pumpkin-patch-tee': {
    color: 'Orange',
    material: 'Cotton',
    gender: 'unisex',
    ageGroup: 'adult',
    googleCategory: TEES,
    mpn: 'SS-TEE-PMP',
    weightGrams: TEE_GRAMS,
  },
  'snowflake-tee': {
    color: 'Heather Blue',
    material: 'Cotton',
    gender: 'unisex',
    ageGroup: 'adult',
    googleCategory: TEES,
    mpn: 'SS-TEE-SNW',
    weightGrams: TEE_GRAMS,
  },
  'summer-sun-tee': {
    color: 'Yellow',
    material: 'Cotton',
    gender: 'unisex',
    ageGroup: 'adult',
    googleCategory: TEES,
    mpn: 'SS-TEE-SUN',
    weightGrams: TEE_GRAMS,
  },
  'cozy-cabin-hoodie': {
    color: 'Rust',
    material: 'Cotton/Polyester fleece',
    gender: 'unisex',
    ageGroup: 'adult',
    googleCategory: TEES,
    mpn: 'SS-HOOD-CAB',
    weightGrams: HOODIE_GRAMS,
  },
  'midnight-stars-hoodie': {
    color: 'Navy',
    material: 'Cotton/Polyester fleece',
    gender: 'unisex',
    ageGroup: 'adult',
    googleCategory: TEES,
    mpn: 'SS-HOOD-STR',
    weightGrams: HOODIE_GRAMS,
  },
  'holly-gift-wrap': {
    color: 'Red',
    material: 'Kraft paper',
    googleCategory: WRAPS,
    mpn: 'SS-WRAP-HOL',
    weightGrams: WRAP_GRAMS,
  },
  'golden-ribbon-wrap': {
    color: 'Gold',
    material: 'Paper',
    googleCategory: WRAPS,
    mpn: 'SS-WRAP-GLD',
    weightGrams: WRAP_GRAMS,
  },
  'autumn-leaves-rug': {
    color: 'Rust',
    material: 'Wool',
    googleCategory: RUGS,
    mpn: 'SS-RUG-AUT',
    weightGrams: { CANDLE: 2600 },
  },
  'mountain-keyboard-rest': {
    color: 'Teal',
    material: 'Acrylic yarn',
    googleCategory: RUGS,
    weightGrams: { CANDLE: 350 },
  },
  'cocoa-tumbler': {
    color: 'Purple',
    material: 'Stainless steel',
    googleCategory: TUMBLERS,
    gtins: { '16oz': '0841234000035', '20oz': '0841234000042', '24oz': '0841234000059' },
    weightGrams: TUMBLER_GRAMS,
  },
  'lemonade-tumbler': {
    color: 'Yellow',
    material: 'Stainless steel',
    googleCategory: TUMBLERS,
    mpn: 'SS-TMB-LEM',
    weightGrams: TUMBLER_GRAMS,
  },
};

const WITH_EXTRA_PHOTOS = new Set([
  'harvest-spice-candle',
  'pumpkin-patch-tee',
  'cozy-cabin-hoodie',
  'autumn-leaves-rug',
]);

/** How many products are seeded at once: the machine's cores (node:os `availableParallelism`). */
const SEED_PARALLEL = availableParallelism();

/** Where drawn originals are kept between fresh starts (tests, bench): drawing one takes a few seconds. */
const PHOTO_CACHE = path.resolve(__dirname, '..', '..', 'node_modules', '.cache', 'seasonal-shop', 'seed-photos');
const GENERATOR_VERSION = 1;

async function drawnPhoto(product: SeedProduct, variant: number, width: number): Promise<Buffer> {
  const height = Math.round((width * 3) / 4);
  const name = createHash('sha256')
    .update(JSON.stringify([GENERATOR_VERSION, product.motif, product.colors, variant, width]))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(PHOTO_CACHE, `${name}.jpg`);
  if (existsSync(file)) return readFileSync(file);
  const bytes = await seedPhoto(product.motif, product.colors, variant, width, height);
  mkdirSync(PHOTO_CACHE, { recursive: true });
  writeFileSync(file, bytes);
  return bytes;
}

export interface SeedOptions {
  /**
   * Width of the drawn main photos (default 2400: a phone photo of 4-5 MB). Extra angles are two thirds of it.
   * `null`: no photos at all (the product records name placeholder files; for handler benchmarks).
   */
  photoWidth?: number | null;
  log?: (line: string) => void;
  /** Told before each product is seeded (`done` of `total` seeded so far). */
  progress?: (done: number, total: number) => void;
}

/**
 * Each product's photos, uploaded to uploads/ as an admin's browser does and made by the image pipeline (which
 * the S3 stand-in runs on each upload): the photo paths and what the product records of them.
 */
async function seedPhotos(
  product: SeedProduct,
  width: number,
): Promise<{ image: string; extraImages: string[]; photos: Photo[] }> {
  const variants = WITH_EXTRA_PHOTOS.has(product.id) ? [0, 1, 2] : [0];
  const ids: string[] = [];
  for (const variant of variants)
    ids.push(
      await uploadOriginal(await drawnPhoto(product, variant, variant ? Math.round((width * 2) / 3) : width), 'jpg'),
    );
  const records = await waitForPhotos(ids);
  const photos = ids.map((id) => {
    const record = records.get(id)!;
    if (record.status !== 'ready')
      throw new Error(`The demo photo of ${product.id} could not be processed: ${record.reason}`);
    return photoOf(record);
  });
  return { image: photos[0].src, extraImages: photos.slice(1).map((photo) => photo.src), photos };
}

/**
 * Seeds once: a marker record in the table says the catalogue is there, so a restart does not seed twice. With
 * photos, the S3 endpoint (the stand-in behind the gateway) must be up.
 */
export async function seedCatalogue(options: SeedOptions = {}): Promise<boolean> {
  if (await seedMarker.get({ name: 'seed' })) return false;
  for (const item of SEED_STOCK_ITEMS) await stockItems.put(item);
  const now = Date.now();
  const width = options.photoWidth === undefined ? 2400 : options.photoWidth;
  let done = 0;
  const seedOne = async (seed: SeedProduct, index: number) => {
    const { colors: _colors, motif: _motif, ...fields } = seed;
    const started = Date.now();
    const pictures =
      width === null ? { image: `/images/products/${seed.id}.jpg`, extraImages: [] } : await seedPhotos(seed, width);
    await putIndexedProduct({
      ...fields,
      ...SEED_DETAILS[seed.id],
      ...pictures,
      createdAt: new Date(now - index * 60_000).toISOString(),
    });
    done += 1;
    options.log?.(
      `seeded ${seed.id} (${done} of ${SEED_PRODUCTS.length}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    options.progress?.(done, SEED_PRODUCTS.length);
  };
  // The products' photos are drawn and made side by side, as many at once as the machine has cores: drawing a photo
  // and decoding a 4 MB JPEG run on one core each, so a second product keeps the other busy (the first start's
  // largest part, docs/performance.md).
  options.progress?.(0, SEED_PRODUCTS.length);
  const queue = [...SEED_PRODUCTS.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await seedOne(next[1], next[0]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(SEED_PARALLEL, queue.length)) }, worker));
  await seedMarker.put({ name: 'seed', seededAt: new Date().toISOString() });
  return true;
}

/**
 * Demo promo codes (the header promises them), made once per data dir (a marker, so a code the owner deleted
 * stays deleted): WELCOME10, 10% off, once per customer; FREESHIP, free shipping on orders of $50.00 or more.
 */
export const SEED_PROMO_CODES = [
  { code: 'WELCOME10', kind: 'percent' as const, value: 10, maxPerCustomer: 1 },
  { code: 'FREESHIP', kind: 'shipping' as const, value: 0, minSubtotal: 5000 },
];

export async function seedPromoCodes(): Promise<boolean> {
  if (await seedMarker.get({ name: 'seed-promo' })) return false;
  for (const code of SEED_PROMO_CODES) {
    await promos.create(code).catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
  }
  await seedMarker.put({ name: 'seed-promo', seededAt: new Date().toISOString() });
  return true;
}
