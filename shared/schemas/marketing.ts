import { CATEGORIES } from '../categories';
import { MARKETING_SEGMENTS } from '../marketing';
import * as z from './zod';

/** POST /auth/marketing-consent: the sign-up's box ticked (the words are the shop's own, shared/marketing.ts). */
export const marketingConsentBodySchema = z.strictObject({ agreed: z.literal(true) });
export const marketingConsentAnswerSchema = z.object({ agreedAt: z.string() });

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD.'));

/**
 * GET /api/admin/marketing/export: who agreed to marketing mail, by segment: bought in `from`..`to`, bought in a
 * `category`, spent over `over` cents in all, or has not bought since `since` (and bought before).
 */
export const marketingExportQuerySchema = z
  .strictObject({
    segment: z.enum(MARKETING_SEGMENTS, {
      message: 'Segment is one of bought-between, bought-category, spent-over or not-since.',
    }),
    from: z.optional(day),
    to: z.optional(day),
    category: z.optional(z.enum(CATEGORIES.map((category) => category.slug) as [string, ...string[]])),
    over: z.optional(z.pipe(z.string(), z.transform(Number)).check(z.int(), z.gte(0))),
    since: z.optional(day),
    format: z.optional(z.enum(['json', 'csv'])),
  })
  .check(
    z.refine((query) => query.segment !== 'bought-between' || (!!query.from && !!query.to && query.from <= query.to), {
      message: 'Bought between needs from and to (from first).',
      path: ['from'],
    }),
    z.refine((query) => query.segment !== 'bought-category' || !!query.category, {
      message: 'Bought a category needs the category.',
      path: ['category'],
    }),
    z.refine((query) => query.segment !== 'spent-over' || query.over !== undefined, {
      message: 'Spent over needs the amount in cents.',
      path: ['over'],
    }),
    z.refine((query) => query.segment !== 'not-since' || !!query.since, {
      message: 'Not bought since needs the date.',
      path: ['since'],
    }),
  );
export type MarketingExportQuery = z.output<typeof marketingExportQuerySchema>;

export const marketingExportSchema = z.object({
  segment: z.enum(MARKETING_SEGMENTS),
  customers: z.array(
    z.object({
      email: z.string(),
      name: z.string(),
      agreedAt: z.string(),
      agreedVia: z.enum(['sign-up', 'checkout']),
      orders: z.number(),
      spent: z.number(),
      lastOrderAt: z.string(),
    }),
  ),
});
export type MarketingExport = z.output<typeof marketingExportSchema>;
