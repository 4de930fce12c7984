import { randomUUID } from 'node:crypto';
import { describeSale, saleIsOn, type SaleRules } from '#shared/sales';
import { shopLocal, shopTimeToInstant } from '#shared/drops';
import type { SaleInput, SaleUpdate, SaleView } from '#shared/schemas/sales';
import { sales, type SaleRecord } from '../../db/entities/sale';
import { isConditionFailure } from '../../db/table';
import { conflict, notFound } from '../../lib/errors';
import { allSales } from '../money/sales';

/**
 * The owner's sales without a code (issue 54, docs/decisions/0178): GET, POST /api/admin/sales; PUT, DELETE
 * /api/admin/sales/{saleId}. The start and end are typed in the shop's time zone and kept as instants.
 */

const STALE = 'This sale was changed by someone else. Reload to see it as it is now.';

function stateOf(sale: SaleRules, now: Date): SaleView['state'] {
  if (saleIsOn(sale, now)) return 'on';
  if (!sale.active) return 'off';
  const at = now.toISOString();
  if (at < sale.startsAt) return 'scheduled';
  if (at >= sale.endsAt) return 'ended';
  return 'used_up';
}

export function saleView(record: SaleRecord, now = new Date()): SaleView {
  const { startsAt, endsAt } = record;
  const optional = ['products', 'category', 'buy', 'get', 'percentOff', 'amountOff', 'minSubtotal', 'maxUses'] as const;
  return {
    saleId: record.saleId,
    name: record.name,
    kind: record.kind,
    startsAt,
    endsAt,
    startsLocal: shopLocal(startsAt),
    endsLocal: shopLocal(endsAt),
    ...Object.fromEntries(optional.filter((field) => record[field] !== undefined).map((f) => [f, record[f]])),
    active: record.active,
    uses: record.uses ?? 0,
    description: describeSale(record),
    state: stateOf(record, now),
    version: record.version,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** What a kind keeps of the body: the fields it reads (the others are dropped, so a changed kind leaves none behind). */
function termsOf(input: SaleInput | SaleUpdate) {
  const products = input.category ? undefined : input.products;
  const fields = {
    buy_get: { products, category: input.category, buy: input.buy, get: input.get, percentOff: input.percentOff },
    off_items: { products, category: input.category, percentOff: input.percentOff, amountOff: input.amountOff },
    off_order: { amountOff: input.amountOff, minSubtotal: input.minSubtotal },
  }[input.kind];
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

export async function listSales(now = new Date()): Promise<{ sales: SaleView[] }> {
  const found = await allSales();
  return { sales: found.map((sale) => saleView(sale, now)) };
}

export async function getSale(saleId: string): Promise<SaleRecord | null> {
  return sales.get({ saleId }, { consistent: true });
}

/** Makes a sale: its id is a slug of its name and a short random tail. */
export async function createSale(input: SaleInput): Promise<SaleView> {
  const slug =
    input.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'sale';
  const record = await sales.create({
    saleId: `${slug}-${randomUUID().slice(0, 8)}`,
    name: input.name,
    kind: input.kind,
    startsAt: shopTimeToInstant(input.startsAt),
    endsAt: shopTimeToInstant(input.endsAt),
    ...termsOf(input),
    ...(input.maxUses !== undefined ? { maxUses: input.maxUses } : {}),
    active: input.active,
    uses: 0,
  });
  return saleView(record);
}

const OPTIONAL = ['products', 'category', 'buy', 'get', 'percentOff', 'amountOff', 'minSubtotal', 'maxUses'] as const;

/** Changes a sale (at the version read, when sent); its count of uses is never written here. */
export async function updateSale(saleId: string, input: SaleUpdate): Promise<SaleView> {
  const current = await getSale(saleId);
  if (!current) throw notFound('No such sale.');
  if (input.version !== undefined && input.version !== current.version) throw conflict(STALE);
  const terms: Partial<SaleRecord> = {
    ...termsOf(input),
    ...(input.maxUses !== undefined ? { maxUses: input.maxUses } : {}),
  };
  const set: Partial<SaleRecord> = {
    name: input.name,
    kind: input.kind,
    startsAt: shopTimeToInstant(input.startsAt),
    endsAt: shopTimeToInstant(input.endsAt),
    active: input.active,
    version: current.version + 1,
    ...terms,
  };
  try {
    await sales.update(
      { saleId },
      { set, remove: OPTIONAL.filter((field) => terms[field] === undefined && current[field] !== undefined) },
      { when: { equals: { version: current.version } } },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(STALE);
    throw error;
  }
  return saleView((await getSale(saleId))!);
}

/** Deletes a sale nobody has used (conditional on a count of 0); a used one answers 409: turn it off instead. */
export async function deleteSale(saleId: string): Promise<{ deleted: string }> {
  const current = await getSale(saleId);
  if (!current) throw notFound('No such sale.');
  const inUse = conflict(`The sale "${current.name}" has been used, so it cannot be deleted. Turn it off instead.`);
  if (current.uses > 0) throw inUse;
  try {
    await sales.delete({ saleId }, { when: { below: { uses: 1 } } });
  } catch (error) {
    if (isConditionFailure(error)) throw inUse;
    throw error;
  }
  return { deleted: saleId };
}
