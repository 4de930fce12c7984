import { ALL_SIZES } from '../sizes';
import { productIdSchema } from './refs';
import * as z from './zod';

/** POST /api/stock-alerts: "Email me when it's back" for one sold-out size of a listed product. */
export const stockAlertBodySchema = z.object({
  productId: productIdSchema,
  size: z.enum(ALL_SIZES, 'Choose a size.'),
  email: z.pipe(
    z
      .string({ message: 'Email is required.' })
      .check(z.trim(), z.minLength(1, 'Email is required.'), z.maxLength(254, 'Email can be at most 254 characters.')),
    z.email('Please enter a valid email address.'),
  ),
});
export type StockAlertBody = z.output<typeof stockAlertBodySchema>;

/** The answer: a plain sentence (the same for a first request and the same one again). */
export const stockAlertAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });

/** GET /api/admin/stock-alerts: the requests waiting, per product and size (a demand signal), most asked for first. */
export const stockDemandSchema = z.object({
  /** Requests waiting in all. */
  waiting: z.number().check(z.int(), z.nonnegative()),
  sizes: z.array(
    z.object({
      productId: z.string(),
      /** The product's name, or null when it no longer exists (its requests end at the job's next run). */
      name: z.nullable(z.string()),
      size: z.string(),
      /**
       * The stock item that holds the size (apparel, gift wraps), or null when the product keeps its own counts (or is
       * gone).
       */
      stockRef: z.nullable(z.string()),
      waiting: z.number().check(z.int(), z.nonnegative()),
      /** Units that can be bought now (a size back in stock is mailed within a minute or two). */
      available: z.number().check(z.int(), z.nonnegative()),
      /** Whether the product is listed (a drafted one's requests wait until it is listed again with stock). */
      listed: z.boolean(),
      lastAskedAt: z.string(),
    }),
  ),
});
export type StockDemand = z.infer<typeof stockDemandSchema>;

/** The dashboard's count of requests waiting, and for how many sizes. */
export const stockAlertCountSchema = z.object({
  waiting: z.number().check(z.int(), z.nonnegative()),
  sizes: z.number().check(z.int(), z.nonnegative()),
});
