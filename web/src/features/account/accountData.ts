import type { ActionFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { GUEST_ORDER_MESSAGES, MESSAGES } from '#shared/messages';
import { shippingProfilesBodySchema, type ShippingProfile } from '#shared/schemas/address';
import { checked } from '#shared/schemas/checked';
import { ApiError } from '../../lib/api';
import { orderLabel } from '#shared/order-number';
import { deleteProfile, getOrders, getPreviousOrder, getProfiles, getRatings, rate, saveProfiles } from './accountApi';
import { mailGuestOrderLink } from '../auth';
import { profileProblem } from './profileProblem';

/**
 * /account's loader (docs/decisions/0076), loaded beside the page's code (app/routes.tsx): the customer's shipping
 * profiles, the items of their orders, their orders and their ratings, each on its own (one that cannot be read
 * leaves its part empty, the others show). Signed out, every part is empty and the page sends them home.
 */
export async function accountLoader() {
  const [profiles, previous, orders, ratings] = await Promise.allSettled([
    getProfiles(),
    getPreviousOrder(),
    getOrders(),
    getRatings(),
  ]);
  if (profiles.status === 'rejected') console.error('profile load failed', profiles.reason);
  return {
    profiles: profiles.status === 'fulfilled' ? profiles.value : [],
    previous: previous.status === 'fulfilled' ? previous.value.cart : [],
    /** The ids of the previous order's products that may be rated now (an order that has shipped). */
    rateable: previous.status === 'fulfilled' ? previous.value.rateable : [],
    orders: orders.status === 'fulfilled' ? orders.value : [],
    ratings: ratings.status === 'fulfilled' ? ratings.value : {},
  };
}

/** A write the account page posts to its own route (JSON, with its intent). */
export type AccountWrite =
  | { intent: 'save-profiles'; profiles: ShippingProfile[] }
  | { intent: 'delete-profile'; index: number }
  | { intent: 'rate'; productId: string; rating: number }
  | { intent: 'guest-order-link'; orderNumber: string };

/**
 * What the action answers: what was done (said in the page's status line), or why not: the server's words, or the
 * shared schema's, with the message of each field it named (a save's keys are `profiles.<index>.<field>`).
 */
export interface AccountAnswer {
  intent: AccountWrite['intent'];
  done?: string;
  problem?: string;
  fields?: Record<string, string>;
}

const DONE: Record<Exclude<AccountWrite['intent'], 'guest-order-link'>, string> = {
  'save-profiles': 'Shipping profiles saved.',
  'delete-profile': 'Shipping profile deleted.',
  rate: 'Thanks for your rating!',
};
/** The spec's words when the server gave none. */
const FALLBACK: Record<AccountWrite['intent'], string> = {
  'save-profiles': MESSAGES.serverError,
  'delete-profile': MESSAGES.deleteProfileFailed,
  rate: '',
  'guest-order-link': MESSAGES.serverError,
};

/** A refused save's sentence: the spec's Save check of the first profile refused (its messages, in its order). */
function saveProblem(profiles: ShippingProfile[], check: { message: string; fields: Record<string, string> }) {
  const refused = profiles.findIndex((_, index) =>
    Object.keys(check.fields).some((key) => key.startsWith(`profiles.${index}.`)),
  );
  return (refused >= 0 && profileProblem(profiles[refused])) || check.message;
}

/**
 * /account's writes: the shipping profiles (all of them posted at once, as the spec says), a deletion, a rating, and the
 * link that adds a guest's order (issue 50 item 11).
 */
export async function accountAction({ request }: ActionFunctionArgs): Promise<AccountAnswer> {
  const write = (await request.json()) as AccountWrite;
  try {
    if (write.intent === 'guest-order-link') {
      // The same words whatever the order is: the shop's answer says nothing of it either.
      const { orderNumber } = await mailGuestOrderLink(write.orderNumber);
      return { intent: write.intent, done: GUEST_ORDER_MESSAGES.linkSent(orderLabel(orderNumber)) };
    }
    if (write.intent === 'save-profiles') {
      // Checked first with the schema the server checks the profiles with (docs/decisions/0156): nothing is sent that
      // it would refuse, and the words are the same.
      const check = checked(shippingProfilesBodySchema, { profiles: write.profiles });
      if (!check.ok) return { intent: write.intent, problem: saveProblem(write.profiles, check), fields: check.fields };
      await saveProfiles(write.profiles);
    } else if (write.intent === 'delete-profile') await deleteProfile(write.index);
    else await rate(write.productId, write.rating);
    return { intent: write.intent, done: DONE[write.intent] };
  } catch (error) {
    // A failed rating is only logged (the spec): its answer carries no words, and the stars go back.
    if (write.intent === 'rate') console.error('review save failed', error);
    return {
      intent: write.intent,
      problem: write.intent !== 'rate' && error instanceof ApiError ? error.message : FALLBACK[write.intent],
      ...(error instanceof ApiError && error.fields ? { fields: error.fields } : {}),
    };
  }
}

/** After a write that was done, the page is read again; one that failed keeps what was typed (nothing changed). */
export function accountShouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return (actionResult as AccountAnswer | undefined)?.problem === undefined && defaultShouldRevalidate;
}
