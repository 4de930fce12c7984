import { amountProblem, GIFT_CARD_RULES } from '../gift-cards';
import { sanitizeText } from '../sanitize';
import { cleanText, shippingEmail, typedText } from './text';
import * as z from './zod';

/**
 * Gift cards and store credit (issue 36, docs/decisions/0126): what a shopper types (a code, a card to buy), what the
 * owner sends (store credit, a void, a mail again), and what they are answered. A code is never answered whole.
 */

/** A code as typed: checked for its form by the server (shared/gift-cards.ts canonicalCode), so any text up to 40. */
export const giftCardCodeInputSchema = z
  .string({ message: 'Please enter a gift card code.' })
  .check(z.trim(), z.minLength(1, 'Please enter a gift card code.'), z.maxLength(40, 'That is not a gift card code.'));

/** POST /api/gift-cards/balance */
export const giftCardBalanceBodySchema = z.object({ code: giftCardCodeInputSchema });
export const giftCardBalanceSchema = z.object({
  last4: z.string(),
  /** Cents the card was issued with, and cents left. */
  amount: z.number(),
  balance: z.number(),
});

const AMOUNT = 'A gift card can be from $10 to $500.';
const DAY = 'Please choose a delivery date.';
const NAME = { max: 100, required: "Please enter the recipient's name." };
const MESSAGE = { max: GIFT_CARD_RULES.maxMessage, multiline: true, empty: true };

/** What every gift card to buy has, whichever text rule its words follow (below). */
const giftCardFields = {
  amount: z.number({ message: AMOUNT }).check(z.refine<number>((cents) => amountProblem(cents) === null, AMOUNT)),
  recipientEmail: shippingEmail("Please enter the recipient's email."),
  deliverOn: z.string({ message: DAY }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, DAY)),
};

/**
 * A gift card to buy, as the server reads a checkout's line (docs/decisions/0127): the amount in cents, who it is for,
 * a message, the day it is mailed (checked against today by shared/gift-cards.ts deliveryDayProblem where it is
 * priced). Its words are sanitised here, once, as every text the shop stores (spec section 5).
 */
export const giftCardDetailsSchema = z.object({
  ...giftCardFields,
  recipientName: z.pipe(typedText(NAME), z.transform(sanitizeText)),
  message: z.optional(z.pipe(typedText(MESSAGE), z.transform(sanitizeText))),
});
/**
 * The same card as a cart keeps it (the gift card form, the browser's cart, a signed-in shopper's saved cart): the
 * same checks, with the words as typed (sanitising is not idempotent: a cart is read and written again many times, so
 * only the checkout sanitises them, once).
 */
export const giftCardLineSchema = z.object({
  ...giftCardFields,
  recipientName: typedText(NAME),
  message: z.optional(typedText(MESSAGE)),
});
export type GiftCardDetails = z.infer<typeof giftCardDetailsSchema>;

const CREDIT = 'Store credit is from $0.01 to $5,000.00 (in cents: 1 to 500000).';

/** POST /api/admin/gift-cards: store credit the owner issues by hand; `issueId` makes a second press the same card. */
export const storeCreditBodySchema = z.object({
  issueId: z.uuid(),
  amount: z
    .number({ message: CREDIT })
    .check(z.int(CREDIT), z.gte(1, CREDIT), z.lte(GIFT_CARD_RULES.maxStoreCreditCents, CREDIT)),
  recipientName: cleanText(100, "Please enter the recipient's name."),
  recipientEmail: shippingEmail("Please enter the recipient's email."),
  reason: cleanText(300, 'Please say why the credit is given.', true),
  /** The order it makes good for, when there is one (shown on the card and in the ledger). */
  orderNumber: z.optional(z.string().check(z.maxLength(40))),
});
export type StoreCreditBody = z.infer<typeof storeCreditBodySchema>;

/** POST /api/admin/gift-cards/{cardId}/actions: void what is left, or mail the card again with a new code. */
export const giftCardActionBodySchema = z.object({
  action: z.enum(['void', 'resend'], { message: 'The action is void or resend.' }),
  /** The card's version as the owner saw it: a change meanwhile answers 409. */
  version: z.number().check(z.int()),
});

export const giftCardIdSchema = z.string().check(z.regex(/^gc_[a-f0-9]{32}$/, 'Not a gift card id'));

export const giftCardViewSchema = z.object({
  cardId: z.string(),
  kind: z.enum(['purchased', 'store_credit']),
  status: z.enum(['scheduled', 'active', 'voided']),
  amount: z.number(),
  balance: z.number(),
  last4: z.optional(z.string()),
  buyer: z.optional(z.object({ orderNumber: z.string(), name: z.string(), email: z.string() })),
  sourceOrder: z.optional(z.string()),
  reason: z.optional(z.string()),
  /** Store credit: who issued it (the admin's email). */
  issuedBy: z.optional(z.string()),
  recipient: z.object({ name: z.string(), email: z.string() }),
  message: z.optional(z.string()),
  deliverOn: z.string(),
  sentAt: z.optional(z.string()),
  voidedAt: z.optional(z.string()),
  /** The latest mail's state: pending until its day, sent, or waiting for a person (failed, unknown). */
  mail: z.optional(z.enum(['pending', 'sending', 'sent', 'failed', 'unknown', 'withdrawn'])),
  /** How many mails the card has had (the first, and one for each "send again"): the latest is this one. */
  mails: z.number(),
  version: z.number(),
  createdAt: z.string(),
});
export type GiftCardView = z.infer<typeof giftCardViewSchema>;

export const giftCardEntryViewSchema = z.object({
  entryId: z.string(),
  kind: z.enum(['issued', 'debited', 'credited', 'voided']),
  amount: z.number(),
  orderNumber: z.optional(z.string()),
  note: z.optional(z.string()),
  at: z.string(),
});

/** GET /api/admin/gift-cards */
export const giftCardListSchema = z.object({
  cards: z.array(giftCardViewSchema),
  /**
   * The shop's liability (docs/decisions/0128): the balance of every card that can still be spent, active or waiting
   * for its day (scheduled); a voided card's is not.
   */
  outstanding: z.number(),
});

/** GET /api/admin/gift-cards/{cardId} */
export const giftCardDetailSchema = z.object({
  card: giftCardViewSchema,
  entries: z.array(giftCardEntryViewSchema),
  /** The entries sum to the balance. */
  ledgerOk: z.boolean(),
});
