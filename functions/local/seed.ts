import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client';
import { products } from '../db/entities/product';
import { stockItems } from '../db/entities/stock-item';

/**
 * The demo catalogue `npm start` seeds on first start: every category of the spec, stock items, a few `hot`
 * products, and images drawn here as SVG (no downloads).
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
  motif: 'candle' | 'tee' | 'hoodie' | 'rug' | 'wrap' | 'tumbler';
}

export const SEED_STOCK_ITEMS = [
  { id: 'TEE-CLASSIC', stock: { S: 12, M: 20, L: 18, XL: 8, '2XL': 0 } },
  { id: 'HOODIE-FLEECE', stock: { S: 4, M: 9, L: 7, XL: 3, '2XL': 2 } },
  { id: 'WRAP-ROLL', stock: { S: 30, M: 25, L: 0, XL: 0, '2XL': 0 } },
];

export const SEED_PRODUCTS: SeedProduct[] = [
  { id: 'harvest-spice-candle', name: 'Harvest Spice Candle', description: 'Hand-poured soy candle with cinnamon, clove and a hint of orange peel. Burns for about 45 hours.', price: 2400, tag: 'candles,hot,new-releases', stock: { CANDLE: 25 }, colors: ['#b45309', '#fde68a'], motif: 'candle' },
  { id: 'frosted-pine-candle', name: 'Frosted Pine Candle', description: 'Fresh pine and cedarwood in a frosted glass jar with a wooden lid.', price: 2200, tag: 'candles', stock: { CANDLE: 14 }, colors: ['#166534', '#dcfce7'], motif: 'candle' },
  { id: 'vanilla-snow-candle', name: 'Vanilla Snow Candle', description: 'Creamy vanilla bean and sugared almond. Our cosiest winter scent.', price: 1900, tag: 'candles', stock: { CANDLE: 0 }, colors: ['#78350f', '#fef3c7'], motif: 'candle' },
  { id: 'pumpkin-patch-tee', name: 'Pumpkin Patch Tee', description: 'Soft ring-spun cotton tee with a screen-printed pumpkin patch design.', price: 2499, tag: 'tees,shirts,hot', stockRef: 'TEE-CLASSIC', colors: ['#c2410c', '#ffedd5'], motif: 'tee' },
  { id: 'snowflake-tee', name: 'Snowflake Tee', description: 'Heather blue tee with a hand-drawn snowflake print on the chest.', price: 2299, tag: 'tees,new-releases', stockRef: 'TEE-CLASSIC', colors: ['#1d4ed8', '#dbeafe'], motif: 'tee' },
  { id: 'summer-sun-tee', name: 'Summer Sun Tee', description: 'Bright sunshine print for long summer days. Pre-shrunk cotton.', price: 2199, tag: 'tees,shirts', stockRef: 'TEE-CLASSIC', colors: ['#ca8a04', '#fef9c3'], motif: 'tee' },
  { id: 'cozy-cabin-hoodie', name: 'Cozy Cabin Hoodie', description: 'Heavyweight fleece hoodie with a cabin-in-the-woods print and kangaroo pocket.', price: 4999, tag: 'hoodies,hot,new-releases', stockRef: 'HOODIE-FLEECE', colors: ['#7c2d12', '#fed7aa'], motif: 'hoodie' },
  { id: 'midnight-stars-hoodie', name: 'Midnight Stars Hoodie', description: 'Navy hoodie scattered with embroidered stars.', price: 5299, tag: 'hoodies', stockRef: 'HOODIE-FLEECE', colors: ['#1e1b4b', '#e0e7ff'], motif: 'hoodie' },
  { id: 'holly-gift-wrap', name: 'Holly Gift Wrap', description: 'Recyclable kraft gift wrap printed with holly sprigs. Sold by the sheet size.', price: 899, tag: 'giftwraps,hot', stockRef: 'WRAP-ROLL', colors: ['#b91c1c', '#fee2e2'], motif: 'wrap' },
  { id: 'golden-ribbon-wrap', name: 'Golden Ribbon Wrap', description: 'Cream paper with gold ribbon stripes for elegant presents.', price: 999, tag: 'giftwraps,new-releases', stockRef: 'WRAP-ROLL', colors: ['#a16207', '#fefce8'], motif: 'wrap' },
  { id: 'autumn-leaves-rug', name: 'Autumn Leaves Tufted Rug', description: 'Hand-tufted wool rug with falling maple leaves, 2 x 3 ft.', price: 8900, tag: 'rugs,hot', stock: { CANDLE: 5 }, colors: ['#9a3412', '#ffedd5'], motif: 'rug' },
  { id: 'mountain-keyboard-rest', name: 'Mountain Keyboard Rest', description: 'Tufted keyboard wrist rest with a mountain range design.', price: 3400, tag: 'rugs', stock: { CANDLE: 10 }, colors: ['#155e75', '#cffafe'], motif: 'rug' },
  { id: 'cocoa-tumbler', name: 'Hot Cocoa Tumbler', description: 'Double-wall insulated steel tumbler that keeps cocoa hot for hours.', price: 2799, tag: 'tumblers,new-releases', stock: { '16oz': 10, '20oz': 6, '24oz': 0 }, colors: ['#4c1d95', '#ede9fe'], motif: 'tumbler' },
  { id: 'lemonade-tumbler', name: 'Lemonade Tumbler', description: 'Summer tumbler with a lemon print and a reusable straw.', price: 2599, tag: 'tumblers', stock: { '16oz': 3, '20oz': 8, '24oz': 12 }, colors: ['#a16207', '#fef08a'], motif: 'tumbler' },
];

const MOTIFS: Record<SeedProduct['motif'], string> = {
  candle: '<rect x="150" y="170" width="100" height="140" rx="14"/><path d="M200 110c18 22 18 42 0 52-18-10-18-30 0-52z" fill="#f59e0b"/><rect x="197" y="150" width="6" height="22" fill="#1f2937"/>',
  tee: '<path d="M130 120l45-25h50l45 25 30 45-40 20v125H140V185l-40-20z"/>',
  hoodie: '<path d="M125 135l50-40h50l50 40 25 60-35 10v110H135V205l-35-10z"/><path d="M175 95c5 40 45 40 50 0" fill="none" stroke="#fff" stroke-width="8"/>',
  rug: '<rect x="110" y="110" width="180" height="180" rx="24"/><circle cx="200" cy="200" r="50" fill="#fff" opacity=".6"/>',
  wrap: '<rect x="120" y="130" width="160" height="150" rx="6"/><rect x="190" y="130" width="20" height="150" fill="#fff" opacity=".7"/><rect x="120" y="195" width="160" height="20" fill="#fff" opacity=".7"/><path d="M200 130c-30-40-60-10-30 0zM200 130c30-40 60-10 30 0z" fill="#fff"/>',
  tumbler: '<path d="M150 110h100l-12 200h-76z"/><rect x="145" y="95" width="110" height="22" rx="6"/><rect x="215" y="55" width="8" height="50" fill="#fff"/>',
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A square product picture: background, a motif for the kind of product, and the product's name. */
export function productSvg(product: Pick<SeedProduct, 'name' | 'colors' | 'motif'>, variant = 0): string {
  const [dark, light] = product.colors;
  const background = variant === 0 ? light : variant === 1 ? dark : '#f8fafc';
  const ink = variant === 1 ? light : dark;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(product.name)}">
<rect width="400" height="400" fill="${background}"/>
<g fill="${ink}" transform="${variant === 2 ? 'rotate(-8 200 200)' : ''}">${MOTIFS[product.motif]}</g>
<text x="200" y="365" font-family="Georgia, serif" font-size="22" text-anchor="middle" fill="${ink}">${escapeXml(product.name)}</text>
</svg>`;
}

/** Writes the product pictures into the image bucket's folder and returns each product's image keys. */
function writeImages(bucketDir: string, product: SeedProduct): { image: string; extraImages: string[] } {
  const dir = path.join(bucketDir, 'images', 'products');
  mkdirSync(dir, { recursive: true });
  const names = [0, 1, 2].map((variant) => `${product.id}${variant ? `-${variant}` : ''}.svg`);
  names.forEach((name, variant) => writeFileSync(path.join(dir, name), productSvg(product, variant)));
  const [image, ...extraImages] = names.map((name) => `/images/products/${name}`);
  return { image, extraImages };
}

const SEED_MARKER = { pk: 'meta#seed', sk: 'meta#seed' };

/** Seeds once: a marker record in the table says the catalogue is there, so a restart does not seed twice. */
export async function seedCatalogue(imagesBucketDir: string): Promise<boolean> {
  const client = documentClient();
  const table = tableName();
  const marker = await client.send(new GetCommand({ TableName: table, Key: SEED_MARKER }));
  if (marker.Item) return false;
  for (const item of SEED_STOCK_ITEMS) await stockItems.put(item);
  const now = Date.now();
  for (const [index, seed] of SEED_PRODUCTS.entries()) {
    const { colors: _colors, motif: _motif, ...fields } = seed;
    await products.put({ ...fields, ...writeImages(imagesBucketDir, seed), createdAt: new Date(now - index * 60_000).toISOString() });
  }
  await client.send(new PutCommand({ TableName: table, Item: { ...SEED_MARKER, seededAt: new Date().toISOString() } }));
  return true;
}
