import { describePromo } from '#shared/promo';
import type { PromoInput, PromoUpdate, PromoView } from '#shared/schemas/promo';
import { promos, type PromoRecord } from '../../db/entities/promo';
import { isConditionFailure } from '../../db/table';
import { conflict, notFound } from '../../lib/errors';

/** The owner's promo codes (GET, POST /api/admin/promo-codes; PUT, DELETE /api/admin/promo-codes/{code}). */

const STALE = 'This promo code was changed by someone else. Reload to see it as it is now.';

export function promoView(record: PromoRecord): PromoView {
  const {
    code,
    kind,
    value,
    minSubtotal,
    startsAt,
    endsAt,
    maxRedemptions,
    maxPerCustomer,
    active,
    redemptions,
    version,
    createdAt,
    updatedAt,
    combinesWithSales,
  } = record;
  return {
    code,
    kind,
    value,
    active,
    combinesWithSales: combinesWithSales ?? false,
    redemptions: redemptions ?? 0,
    version,
    createdAt,
    updatedAt,
    description: describePromo(record),
    ...(minSubtotal !== undefined ? { minSubtotal } : {}),
    ...(startsAt ? { startsAt } : {}),
    ...(endsAt ? { endsAt } : {}),
    ...(maxRedemptions !== undefined ? { maxRedemptions } : {}),
    ...(maxPerCustomer !== undefined ? { maxPerCustomer } : {}),
  };
}

/** A free-shipping code has no value of its own. */
const valueOf = (input: { kind: string; value: number }) => (input.kind === 'shipping' ? 0 : input.value);

export async function listPromoCodes(): Promise<{ promoCodes: PromoView[] }> {
  return { promoCodes: (await promos.query('all', {})).map(promoView) };
}

export async function getPromo(code: string): Promise<PromoRecord | null> {
  return promos.get({ code: code.toUpperCase() }, { consistent: true });
}

/** Makes a code; one that exists (in any case) answers 409. */
export async function createPromoCode(input: PromoInput): Promise<PromoView> {
  try {
    return promoView(await promos.create({ ...input, value: valueOf(input), redemptions: 0 }));
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(`The promo code ${input.code} exists already.`);
    throw error;
  }
}

/**
 * Changes a code's terms, limits, window or active flag (at the version read, when sent). Its counts are never
 * written here, so an edit racing a checkout loses no redemption; a limit set under the count stops new ones.
 */
export async function updatePromoCode(code: string, input: PromoUpdate): Promise<PromoView> {
  const current = await getPromo(code);
  if (!current) throw notFound('No such promo code.');
  if (input.version !== undefined && input.version !== current.version) throw conflict(STALE);
  const optional = ['minSubtotal', 'startsAt', 'endsAt', 'maxRedemptions', 'maxPerCustomer'] as const;
  const set: Partial<PromoRecord> = {
    kind: input.kind,
    value: valueOf(input),
    active: input.active,
    combinesWithSales: input.combinesWithSales,
    version: current.version + 1,
  };
  for (const field of optional) if (input[field] !== undefined) Object.assign(set, { [field]: input[field] });
  try {
    await promos.update(
      { code: current.code },
      { set, remove: optional.filter((field) => input[field] === undefined && current[field] !== undefined) },
      { when: { equals: { version: current.version } } },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(STALE);
    throw error;
  }
  return promoView((await getPromo(current.code))!);
}

/**
 * Deletes a code nobody has used (the delete is conditional on a count of 0, so a checkout taken at the same
 * moment wins); a used code answers 409: deactivate it instead, its orders keep naming it.
 */
export async function deletePromoCode(code: string): Promise<{ deleted: string }> {
  const current = await getPromo(code);
  if (!current) throw notFound('No such promo code.');
  const inUse = conflict(
    `The promo code ${current.code} has been used, so it cannot be deleted. Deactivate it instead.`,
  );
  if (current.redemptions > 0) throw inUse;
  try {
    await promos.delete({ code: current.code }, { when: { below: { redemptions: 1 } } });
  } catch (error) {
    if (isConditionFailure(error)) throw inUse;
    throw error;
  }
  return { deleted: current.code };
}
