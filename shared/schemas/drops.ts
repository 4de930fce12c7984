import { ALL_SIZES } from '../sizes';
import { DROP_RULES } from '../drops';
import * as z from './zod';

const WHEN = 'Give the start as a date and time, 2026-12-04T12:00 (the shop’s time zone).';
const LIMIT = `The limit per customer is a whole number from 1 to ${DROP_RULES.maxLimit}.`;
const SHARDS = `Shards are a whole number from 1 to ${DROP_RULES.maxShards}.`;
const UNITS = 'Units to add are a whole number from 1 to 100000.';

/** PUT /api/admin/drops/{productId}: which sizes go on sale when (the shop's time zone), and the limit per customer. */
export const dropInputSchema = z.object({
  sizes: z.array(z.enum(ALL_SIZES, 'Choose a size.')).check(z.minLength(1, 'Choose at least one size.')),
  startsAt: z.string({ message: WHEN }).check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, WHEN)),
  limit: z.number({ message: LIMIT }).check(z.int(LIMIT), z.gte(1, LIMIT), z.lte(DROP_RULES.maxLimit, LIMIT)),
  /** Whether the card step takes only buyers let in from the drop's line (docs/decisions/0171); default no line. */
  line: z.optional(z.boolean()),
  /** Shards per size; without it, one per 25 units (shared/drops.ts shardCountFor). */
  shards: z.optional(
    z.number({ message: SHARDS }).check(z.int(SHARDS), z.gte(1, SHARDS), z.lte(DROP_RULES.maxShards, SHARDS)),
  ),
});
export type DropInput = z.output<typeof dropInputSchema>;

/** POST /api/admin/drops/{productId}/restock: units added to a size of a drop that is on. */
export const dropRestockSchema = z.object({
  size: z.enum(ALL_SIZES, 'Choose a size.'),
  units: z.number({ message: UNITS }).check(z.int(UNITS), z.gte(1, UNITS), z.lte(100_000, UNITS)),
});

const count = () => z.number().check(z.int());

/** A drop as the owner sees it: one number per size, and the proof that its shards add up. */
export const dropViewSchema = z.object({
  productId: z.string(),
  startsAt: z.string(),
  limit: count(),
  state: z.enum(['on', 'ended']),
  endedAt: z.optional(z.string()),
  sizes: z.array(
    z.object({
      size: z.string(),
      shards: count(),
      start: count(),
      /** The units for sale now: the shards added up (0 once the drop ended: they are back in the one count). */
      units: count(),
      taken: count(),
      restocked: count(),
      /** units = start - taken + restocked, every shard at or above zero. */
      sumHolds: z.boolean(),
    }),
  ),
});
export type DropView = z.infer<typeof dropViewSchema>;

/** POST /api/drops/{productId}/line: without a token, join the line; with one, where it stands. */
export const dropLineBodySchema = z.object({
  token: z.optional(z.string().check(z.minLength(1), z.maxLength(600))),
});

/** Where a buyer stands: let in (`in`), waiting with an honest place and wait, or sold out. */
export const dropLineAnswerSchema = z.union([
  z.object({ state: z.literal('in'), token: z.string() }),
  z.object({
    state: z.literal('waiting'),
    token: z.string(),
    /** Numbers ahead that are not let in yet (buyers who left among them are skipped when their turn comes). */
    position: z.number().check(z.int()),
    waitSeconds: z.number().check(z.int()),
    askAgainSeconds: z.number().check(z.int()),
  }),
  z.object({ state: z.literal('sold_out'), token: z.string(), message: z.string() }),
]);
export type DropLineAnswer = z.infer<typeof dropLineAnswerSchema>;
