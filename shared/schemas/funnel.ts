import { DEVICE_CLASSES, FUNNEL_STEPS, SOURCE_PATTERN } from '../funnel';
import * as z from './zod';

/** POST /api/funnel: the steps that happened on one page, and the visit's source. Nothing else. */
export const funnelBeaconSchema = z.strictObject({
  steps: z.array(z.enum(FUNNEL_STEPS)).check(
    z.minLength(1),
    z.maxLength(FUNNEL_STEPS.length),
    z.refine((steps) => new Set(steps).size === steps.length, 'A step once.'),
  ),
  source: z.string().check(z.regex(SOURCE_PATTERN, 'A source is lowercase letters, digits, dots and dashes.')),
});
export const funnelBeaconAnswerSchema = z.object({ counted: z.number() });

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD.'));
/** GET /api/admin/funnel: a range of shop days (at most 92). */
export const funnelQuerySchema = z.strictObject({ from: day, to: day }).check(
  z.refine((query) => query.from <= query.to, { message: 'The range ends before it starts.', path: ['to'] }),
  z.refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 92 * 86_400_000, {
    message: 'A funnel covers at most 92 days.',
    path: ['to'],
  }),
);

const counts = z.object({
  view: z.number(),
  cart: z.number(),
  checkout: z.number(),
  card: z.number(),
  paid: z.number(),
});
export const funnelSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The 7 days before `from`. */
  weekBefore: z.object({ from: z.string(), to: z.string(), counts }),
  counts,
  byDevice: z.array(z.object({ device: z.enum(DEVICE_CLASSES), counts })),
  bySource: z.array(z.object({ source: z.string(), counts })),
});
export type Funnel = z.output<typeof funnelSchema>;
