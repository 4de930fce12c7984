import type { S3Event } from 'aws-lambda';
import { zipSync } from 'fflate';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { importKeys, SHEET_COLUMNS, SHEET_REFUSALS } from '#shared/catalog-sheet';
import { importRequestSchema } from '#shared/schemas/catalog-sheet';
import { sizesFor, stockLocation } from '#shared/sizes';
import { catalogImports } from '../../db/entities/catalog-import';
import { images, type ImageRecord } from '../../db/entities/image';
import { products, type ProductRecord } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import { createS3StandIn } from '../../local/s3';
import { getObject, putObject } from '../../lib/storage';
import { useFreshTable } from '#tests/helpers';
import { startS3Gateway } from '#tests/s3-gateway';
import { applyPlan } from './apply';
import { exportCatalog } from './export';
import { processUpload } from '../images/pipeline';
import { confirmImport, createImport, getImport, NOT_APPLICABLE, runImportStep } from './job';
import type { Plan } from './plan';

/**
 * The catalogue as a spreadsheet (issue 55 item 4) through its job, on DynamoDB Local and the S3 stand-in: the CSV's
 * arrival runs the dry run, the owner's confirmation the apply, as the S3 triggers do in AWS. What is asserted is what
 * the table holds afterwards.
 */
let closeS3: () => Promise<void>;
let s3: ReturnType<typeof createS3StandIn>;
const jobErrors: string[] = [];
/** Originals the bucket's notification made into photos (the import makes its own: none of its). */
const madeOnNotice: string[] = [];
/** How long one run of the job applies (undefined: the function's own); 0: one product a run, then its next step. */
let sliceMs: number | undefined;
const storage = mkdtempSync(path.join(os.tmpdir(), 'shop-catalog-sheet-'));
const bucket = 'test-images';
const ORIGIN = 'https://shop.example';

beforeAll(async () => {
  await useFreshTable();
  s3 = createS3StandIn(storage, {
    onObjectCreated: async (event: S3Event) => {
      // As the image pipeline's function dispatches (functions/events/process-image.ts).
      for (const record of event.Records) {
        const key = decodeURIComponent(record.s3.object.key);
        if (key.startsWith('catalog-imports/')) await runImportStep(key, { sliceMs });
        else if ((await processUpload(key, { notified: true })) !== null) madeOnNotice.push(key);
      }
    },
    onNotificationError: (error, key) => jobErrors.push(`${key}: ${error.stack}`),
  });
  closeS3 = (await startS3Gateway(storage, bucket, s3)).close;
}, 60_000);

afterAll(async () => {
  await closeS3();
});

const photo = (background: string) =>
  sharp({ create: { width: 1000, height: 800, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Sends an import as the owner's browser does (zip first, then the CSV) and waits for its dry run. */
async function upload(csv: string | Buffer, zip?: Uint8Array, retireMissing = false) {
  const bytes = typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv;
  const request = importRequestSchema.parse({
    fileName: 'products.csv',
    csvBytes: bytes.length,
    ...(zip ? { zipBytes: zip.length } : {}),
    retireMissing,
  });
  const answer = await createImport(request);
  for (const [part, body] of [
    ['zip', zip],
    ['csv', bytes],
  ] as const) {
    const target = answer[part];
    if (!target || !body) continue;
    const response = await fetch(target.uploadUrl, {
      method: 'PUT',
      headers: target.headers,
      body: new Blob([new Uint8Array(body)]),
    });
    expect(response.status).toBe(200);
  }
  await s3.idle();
  expect(jobErrors).toEqual([]);
  return getImport(answer.id);
}

/** The owner confirms the dry run; the job's apply step runs (the S3 stand-in's event) and is waited for. */
async function confirm(id: string) {
  await confirmImport(id);
  await s3.idle();
  expect(jobErrors).toEqual([]);
  return getImport(id);
}

/** The catalogue as the table holds it: each product's fields and the count of each size. */
async function catalogue() {
  const all = [
    ...(await products.query('byStatus', { status: 'listed' })),
    ...(await products.query('byStatus', { status: 'drafted' })),
  ];
  const shown = await Promise.all(
    all.map(async (record) => {
      const item = record.stockRef ? await stockItems.get({ id: record.stockRef }) : null;
      const counts = Object.fromEntries(
        sizesFor(record.tag).map((size) => {
          const where = stockLocation(record.tag, size);
          return [size, where.on === 'stockItem' ? item?.stock[where.key] : record.stock[where.key as 'CANDLE']];
        }),
      );
      const {
        createdAt: _c,
        updatedAt: _u,
        version: _v,
        retiredAt,
        ...fields
      } = record as ProductRecord & {
        entity?: string;
      };
      return { ...fields, retired: Boolean(retiredAt), counts };
    }),
  );
  return shown.sort((a, b) => a.id.localeCompare(b.id));
}

const ROW = (cells: Partial<Record<(typeof SHEET_COLUMNS)[number] | 'Extra', string>>) => cells;
/** A file in Shopify's own layout (its export's columns, in its order, with columns the shop does not read). */
function shopifyFile(rows: ReturnType<typeof ROW>[]) {
  const columns = [...SHEET_COLUMNS.slice(0, 30), 'Cost per item', 'Variant Inventory Policy'];
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return [columns.join(','), ...rows.map((row) => columns.map((c) => quote(row[c as 'Handle'] ?? '')).join(','))].join(
    '\r\n',
  );
}

const THREE_ROWS = [
  ROW({
    Handle: 'pumpkin-tee',
    Title: 'Pumpkin Tee',
    'Body (HTML)': '<p>Soft cotton, <strong>orange</strong>.</p><p>Printed here.</p>',
    Vendor: 'Hollow Press',
    Type: 'Tees',
    Tags: 'tees, halloween-stuff',
    Published: 'TRUE',
    'Option1 Name': 'Size',
    'Option1 Value': 'Small',
    'Variant SKU': 'PT-S',
    'Variant Grams': '180',
    'Variant Inventory Qty': '5',
    'Variant Price': '24.00',
    'Variant Barcode': '',
    'Image Src': 'photos/pumpkin.jpg',
    'Image Position': '1',
    Status: 'active',
  }),
  ROW({ Handle: 'pumpkin-tee', 'Option1 Value': 'Medium', 'Variant Inventory Qty': '7', 'Variant Price': '24.00' }),
  ROW({ Handle: 'pumpkin-tee', 'Option1 Value': 'Large', 'Variant Inventory Qty': '0', 'Variant Price': '24.00' }),
  ROW({
    Handle: 'cider-candle',
    Title: 'Cider Candle',
    'Body (HTML)': 'Smells of apples.',
    Type: 'Candles',
    Tags: 'candles',
    Published: 'TRUE',
    'Option1 Name': 'Title',
    'Option1 Value': 'Default Title',
    'Variant Inventory Qty': '12',
    'Variant Price': '18.50',
    'Image Src': 'candle.jpg',
    Status: 'active',
  }),
  ROW({
    Handle: 'ghost-tumbler',
    Title: 'Ghost Tumbler',
    Tags: 'tumblers',
    Published: 'FALSE',
    'Option1 Name': 'Size',
    'Option1 Value': '16oz',
    'Variant Inventory Qty': '3',
    'Variant Price': '30.00',
    'Image Src': 'ghost.jpg',
    Status: 'draft',
  }),
  ROW({ Handle: 'ghost-tumbler', 'Option1 Value': '20oz', 'Variant Inventory Qty': '4', 'Variant Price': '30.00' }),
];
const THREE_PRODUCTS = shopifyFile(THREE_ROWS);
/** The three products with one size's row changed. */
const changed = (...edits: [handle: string, size: string, cells: ReturnType<typeof ROW>][]) =>
  shopifyFile(
    THREE_ROWS.map((row) => {
      const edit = edits.find(([handle, size]) => row.Handle === handle && row['Option1 Value'] === size);
      return edit ? { ...row, ...edit[2] } : row;
    }),
  );

let zip: Uint8Array;
beforeAll(async () => {
  zip = zipSync({
    photos: { 'pumpkin.jpg': await photo('#e07000') },
    'candle.jpg': await photo('#c0a000'),
    'ghost.jpg': await photo('#e0e0e0'),
    __MACOSX: { '._candle.jpg': new Uint8Array([0, 5, 22, 7]) },
  });
}, 30_000);

describe('a file in Shopify’s layout', () => {
  it('is checked first (nothing written), then applied: three products with their sizes, stock and photos', async () => {
    const checked = await upload(THREE_PRODUCTS, zip);
    expect(checked).toMatchObject({ status: 'checked', problems: [], problemCount: 0 });
    expect(checked.summary).toEqual({
      rows: 6,
      products: 3,
      new: 3,
      changed: 0,
      unchanged: 0,
      retired: 0,
      photos: 3,
    });
    expect(checked.warnings.map((w) => w.message)).toEqual(
      expect.arrayContaining([
        'These columns are not read by the shop.',
        "Left out (not one of the shop's tags): halloween-stuff.",
      ]),
    );
    expect(await catalogue()).toEqual([]);

    // One product a run of the job: each run hands the rest to the next step.
    sliceMs = 0;
    const applied = await confirm(checked.id);
    sliceMs = undefined;
    expect(applied).toMatchObject({ status: 'applied', done: 3 });
    expect(applied.results).toEqual({ created: 3, updated: 0, unchanged: 0, retired: 0, failed: [] });
    expect((await catalogImports.get({ id: checked.id }))!.step).toBe(3);

    const shop = await catalogue();
    expect(shop.map((p) => [p.id, p.name, p.price, p.status, p.counts])).toEqual([
      ['cider-candle', 'Cider Candle', 1850, 'listed', { CANDLE: 12 }],
      ['ghost-tumbler', 'Ghost Tumbler', 3000, 'drafted', { '16oz': 3, '20oz': 4, '24oz': 0 }],
      ['pumpkin-tee', 'Pumpkin Tee', 2400, 'listed', { S: 5, M: 7, L: 0, XL: 0, '2XL': 0 }],
    ]);
    const tee = shop[2];
    expect(tee).toMatchObject({
      description: 'Soft cotton, orange.\n\nPrinted here.',
      brand: 'Hollow Press',
      tag: 'tees',
      stockRef: 'pumpkin-tee',
      weightGrams: { S: 180 },
    });
    const made = await images.get({ id: tee.image.split('/').pop()! });
    expect(made).toMatchObject({ status: 'ready', width: 1000, height: 800 });
    // Each photo made once, by the import: the notification of the originals it put passed them over.
    expect(madeOnNotice).toEqual([]);
  }, 60_000);

  it('sent again changes nothing: every product unchanged, no count added twice', async () => {
    const before = await catalogue();
    const versions = (await products.query('byStatus', { status: 'listed' })).map((p) => p.version);
    const checked = await upload(THREE_PRODUCTS, zip);
    expect(checked.summary).toMatchObject({ new: 0, changed: 0, unchanged: 3, photos: 0 });
    const applied = await confirm(checked.id);
    expect(applied.results).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await catalogue()).toEqual(before);
    expect((await products.query('byStatus', { status: 'listed' })).map((p) => p.version)).toEqual(versions);

    // The job's event delivered twice more, and the owner confirming again: nothing moves.
    await runImportStep(importKeys(checked.id).step(1));
    await runImportStep(importKeys(checked.id).csv);
    expect((await confirm(checked.id)).status).toBe('applied');
    expect(await catalogue()).toEqual(before);
  }, 60_000);

  it('never lowers stock below what orders took between the check and the apply', async () => {
    const file = changed(['cider-candle', 'Default Title', { 'Variant Inventory Qty': '20' }]);
    const checked = await upload(file, zip);
    expect(checked.summary).toMatchObject({ changed: 1, unchanged: 2 });
    // An order takes 4 candles while the owner reads the dry run.
    const candle = (await products.get({ id: 'cider-candle' }))!;
    await products.update({ id: 'cider-candle' }, { add: { 'stock.CANDLE': -4 } }, { when: { present: ['stock'] } });
    await confirm(checked.id);
    expect((await products.get({ id: 'cider-candle' }))!.stock.CANDLE).toBe(20 - 4);
    expect(candle.stock.CANDLE).toBe(12);
  }, 60_000);

  it('a crash between two products, then the retry: each product and count written once', async () => {
    const file = changed(
      ['pumpkin-tee', 'Small', { 'Variant Inventory Qty': '9' }],
      ['ghost-tumbler', '16oz', { 'Variant Inventory Qty': '8' }],
    );
    const checked = await upload(file, zip);
    // The candle too: the file says 12, the shop has 16 since the test before.
    expect(checked.summary).toMatchObject({ changed: 3 });
    // The job moves to applying, then dies after its first product (the step's object is not sent here).
    await catalogImports.update({ id: checked.id }, { set: { status: 'applying', done: 0, step: 1 } });
    const saved = JSON.parse((await getObject(importKeys(checked.id).plan)).toString('utf8')) as Plan;
    await expect(
      applyPlan(checked.id, saved, null, {}, (done) => {
        if (done === 1) throw new Error('the function timed out');
      }),
    ).rejects.toThrow('timed out');
    // The retry (S3 delivers the step again).
    await putObject(importKeys(checked.id).step(1), Buffer.from('again'), 'text/plain');
    await s3.idle();
    expect((await getImport(checked.id)).status).toBe('applied');
    const shop = await catalogue();
    expect(shop.find((p) => p.id === 'pumpkin-tee')!.counts.S).toBe(9);
    expect(shop.find((p) => p.id === 'ghost-tumbler')!.counts['16oz']).toBe(8);
    expect(shop.find((p) => p.id === 'cider-candle')!.counts.CANDLE).toBe(12);
  }, 60_000);
});

describe('hostile and broken files are refused, with nothing changed', () => {
  const cases: [string, () => Promise<Buffer | string>, (view: Awaited<ReturnType<typeof getImport>>) => void][] = [
    [
      'a formula in a cell',
      async () => changed(['cider-candle', 'Default Title', { Title: '=HYPERLINK("https://evil.example","Cider")' }]),
      (view) =>
        expect(view.problems).toEqual([
          expect.objectContaining({ line: 5, column: 'Title', message: expect.stringContaining('formula') }),
        ]),
    ],
    [
      'broken quoting',
      async () => THREE_PRODUCTS.replace('Cider Candle', '"Cider Candle'),
      (view) => expect(view.refusal).toMatch(/quote/i),
    ],
    [
      'a wrong encoding (Latin-1)',
      async () => Buffer.from(THREE_PRODUCTS.replace('Cider Candle', 'Cidre flambé'), 'latin1'),
      (view) => expect(view.refusal).toBe(SHEET_REFUSALS.notUtf8),
    ],
    [
      'UTF-16',
      async () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(THREE_PRODUCTS, 'utf16le')]),
      (view) => expect(view.refusal).toBe(SHEET_REFUSALS.utf16),
    ],
  ];
  it.each(cases)(
    '%s',
    async (_name, file, expectation) => {
      const before = await catalogue();
      const view = await upload(await file(), zip);
      expectation(view);
      expect(view.status === 'refused' || view.problemCount > 0).toBe(true);
      await expect(confirmImport(view.id)).rejects.toMatchObject({ statusCode: 409 });
      expect(await catalogue()).toEqual(before);
    },
    60_000,
  );

  it('an import whose file never arrived is not checked yet: applying it says so and changes nothing', async () => {
    const before = await catalogue();
    const answer = await createImport(importRequestSchema.parse({ fileName: 'later.csv', csvBytes: 100 }));
    await expect(confirmImport(answer.id)).rejects.toMatchObject({
      statusCode: 409,
      message: NOT_APPLICABLE.notChecked,
    });
    expect(await getImport(answer.id)).toMatchObject({ status: 'uploading' });
    expect(await catalogue()).toEqual(before);
  });

  it('a zip bomb beside the file', async () => {
    const before = await catalogue();
    const bomb = zipSync({ 'candle.jpg': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    const view = await upload(THREE_PRODUCTS, bomb);
    expect(view).toMatchObject({ status: 'refused', refusal: SHEET_REFUSALS.zipBomb('candle.jpg') });
    await expect(confirmImport(view.id)).rejects.toMatchObject({ statusCode: 409 });
    expect(await catalogue()).toEqual(before);
  }, 60_000);

  it('a 50 MB file is refused before it is sent, and by the job if it came', async () => {
    expect(
      importRequestSchema.safeParse({ fileName: 'big.csv', csvBytes: 50 * 1024 * 1024 }).error?.issues[0].message,
    ).toBe(SHEET_REFUSALS.csvTooLarge);
    const { readSheet } = await import('./read');
    expect(readSheet(Buffer.alloc(50 * 1024 * 1024, 'a'))).toEqual({ refusal: SHEET_REFUSALS.csvTooLarge });
  });
});

describe('export, and import into an empty shop', () => {
  it('gives the same catalogue; every cell starting with =, +, - or @ is escaped', async () => {
    // A brand that starts like a formula: the export escapes it, the import reads it back as it was.
    // And its own shipping facts (issue 53 item 1): a weight and a packing rule, kept through the file.
    await products.update(
      { id: 'cider-candle' },
      { set: { brand: '@home candles', packing: 'alone', weightGrams: { CANDLE: 410 } } },
    );
    const before = await catalogue();
    const file = await exportCatalog({ origin: ORIGIN });
    expect(file.products).toBe(3);
    const rows = parse<Record<string, string>>(file.csv, { bom: true, columns: true });
    expect(Object.keys(rows[0])).toEqual([...SHEET_COLUMNS]);
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@]/);
    expect(rows.find((r) => r.Handle === 'cider-candle' && r.Title)!.Vendor).toBe("'@home candles");
    expect(rows.find((r) => r.Handle === 'cider-candle')).toMatchObject({
      'Shop / Packing': 'alone',
      'Variant Grams': '410',
    });

    // The empty shop: a new table beside the same image bucket (its photo records come with the bucket).
    const madePhotos: ImageRecord[] = [];
    for (const product of before)
      for (const src of [product.image, ...product.extraImages]) {
        const made = await images.get({ id: src.split('/').pop()! });
        if (made) madePhotos.push(made);
      }
    await useFreshTable();
    for (const made of madePhotos) await images.put(made);
    expect(await catalogue()).toEqual([]);

    const checked = await upload(file.csv);
    expect(checked).toMatchObject({ status: 'checked', problemCount: 0 });
    expect(checked.summary).toMatchObject({ new: 3, photos: 0 });
    await confirm(checked.id);
    expect(await catalogue()).toEqual(before);
    expect(await products.get({ id: 'cider-candle' })).toMatchObject({
      packing: 'alone',
      weightGrams: { CANDLE: 410 },
    });

    // An export of one category.
    const tees = await exportCatalog({ origin: ORIGIN, category: 'tees' });
    expect(tees).toMatchObject({ products: 1, rows: 5 });
  }, 60_000);
});

describe('2,000 rows', () => {
  it('import through the job', async () => {
    await useFreshTable();
    const rows = [];
    for (let n = 0; n < 400; n++)
      for (const [i, size] of ['S', 'M', 'L', 'XL', '2XL'].entries())
        rows.push(
          ROW({
            Handle: `tee-${n}`,
            ...(i === 0
              ? { Title: `Tee ${n}`, Tags: 'tees', 'Option1 Name': 'Size', 'Image Src': 'candle.jpg', Status: 'active' }
              : {}),
            'Option1 Value': size,
            'Variant Inventory Qty': String(n % 7),
            'Variant Price': '20.00',
          }),
        );
    const checked = await upload(shopifyFile(rows), zip);
    expect(checked).toMatchObject({ status: 'checked', problemCount: 0, summary: { rows: 2000, new: 400 } });
    const applied = await confirm(checked.id);
    expect(applied.results).toMatchObject({ created: 400, failed: [] });
    expect((await products.query('byStatus', { status: 'listed' })).length).toBe(400);
    expect((await stockItems.get({ id: 'tee-399' }))!.stock).toEqual({ S: 0, M: 0, L: 0, XL: 0, '2XL': 0 });
    expect((await stockItems.get({ id: 'tee-6' }))!.stock).toEqual({ S: 6, M: 6, L: 6, XL: 6, '2XL': 6 });
  }, 600_000);
});
