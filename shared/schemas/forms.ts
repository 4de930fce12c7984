import { typedText } from './text';
import * as z from './zod';

const text = (label: string, max: number, multiline = false) =>
  typedText({
    max,
    required: `${label} is required.`,
    tooLong: `${label} can be at most ${max} characters.`,
    multiline,
  });

/** Contact and support forms (spec section 5): name, email and message required. */
export const contactFormSchema = z.object({
  name: text('Name', 200),
  email: z.pipe(
    z
      .string({ message: 'Email is required.' })
      .check(z.trim(), z.minLength(1, 'Email is required.'), z.maxLength(254, 'Email can be at most 254 characters.')),
    z.email('Please enter a valid email address.'),
  ),
  message: text('Message', 5000, true),
  /** Made once per form fill by the browser: a retried POST is stored once. */
  submissionId: z.optional(z.uuid('Please reload the page and send the form again.')),
  /** Honeypot: a hidden field people never fill; bots that do are answered politely and not stored. */
  website: z.optional(z.string().check(z.maxLength(200, 'Please leave this field empty.'))),
});

/** The quote form also requires Items. */
export const quoteFormSchema = z.extend(contactFormSchema, { items: text('Items', 2000, true) });

export type FormKind = 'contact' | 'support' | 'quote';
export type FormInput = z.infer<typeof quoteFormSchema> | z.infer<typeof contactFormSchema>;

export const formSubmittedSchema = z.object({ ok: z.literal(true), id: z.string() });

/** A stored submission's id (POST /api/admin/forms/{id}/resend). */
export const submissionIdSchema = z.uuid('Not a submission id');
const mailStatusSchema = z.enum(['pending', 'sent', 'failed']);
/** GET /api/admin/forms: the enquiries inbox, newest first, with how the mail to the shop went. */
export const submissionsSchema = z.object({
  submissions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['contact', 'support', 'quote']),
      name: z.string(),
      email: z.string(),
      message: z.string(),
      items: z.nullable(z.string()),
      createdAt: z.string(),
      mailStatus: mailStatusSchema,
      mailAttempts: z.number(),
    }),
  ),
});
/** POST /api/admin/forms/{id}/resend: how the mail went this time. */
export const resentSchema = z.object({ mailStatus: mailStatusSchema });
