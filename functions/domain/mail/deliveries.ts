import { LOG_EVENT } from '#shared/observability';
import { mailDeliveries, type MailDeliveryRecord } from '../../db/entities/mail-delivery';
import { isConditionFailure, type TransactItem } from '../../db/table';
import { currentCorrelationId, logger, withCorrelationId } from '../../lib/logger';
import { mailNotTaken, sendMail, type Mail } from '../../lib/mail';

/**
 * Mail the shop owes someone, sent with one discipline (docs/decisions/0064): at most one delivery per reason (its
 * kind and ref); each send is claimed first (one sender at a time, for a lease); a mail SES accepted is never sent
 * again; one SES refused is tried again with backoff, then waits for a person; one whose send never reported back
 * (SES may have it) is never sent again by itself: a person decides. Used by the order confirmation; meant for any
 * mail with a reason (reminders, back-in-stock).
 *
 * A mail may also be scheduled for later and written when it goes out (`schedule`, docs/decisions/0079): its kind's
 * composer, given to the job (`sweepDeliveries(now, { compose })`), writes it at each send from what holds then, or
 * says it is no longer wanted (with why), and the delivery is withdrawn instead of sent. The composer runs only for
 * the sender that claimed the delivery, so whatever it claims besides (one mail per address per day) it claims once.
 */
export type Delivery = MailDeliveryRecord;

/** What a kind's composer answers at send time: the mail to send now, or why it is no longer wanted (withdrawn). */
export type Composed =
  /** `secret`: the mail carries something the table must never hold (a gift card's code): it is sent, not kept. */
  { mail: Mail; secret?: true } | { notWanted: string };
/** Writes a scheduled delivery's mail at send time (the claimed delivery, and the time of the send). */
export type Composer = (delivery: Delivery, now: Date) => Promise<Composed>;
/** The composers of the kinds that write their mail at send time, by kind. */
export type Composers = Readonly<Record<string, Composer>>;

export const DELIVERY_RULES = {
  /**
   * Minutes before the next try after SES refused the 1st, 2nd, ... attempt; refused once more after the last:
   * `failed`.
   */
  backoffMinutes: [1, 5, 15, 60, 60],
  /** A sender holds its claim this long (far beyond a function's 10 s); after it, the send counts as stalled. */
  leaseMinutes: 10,
  /** Deliveries one job run sends at most (a function has 10 s; an SES call takes a fraction of one). */
  perRun: 20,
} as const;

/** Sends in all: the first and one after each backoff step. */
export const MAX_ATTEMPTS = DELIVERY_RULES.backoffMinutes.length + 1;

const minutesFrom = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000).toISOString();
const describe = (error: unknown) => {
  const failure = error as { name?: string; message?: string };
  return [failure?.name, failure?.message].filter(Boolean).join(': ').slice(0, 300) || 'unknown error';
};

/**
 * A delivery's reason as its log lines name it (kind and ref): an address in the ref (a back-in-stock request's is
 * `<product>|<size>|<address>|<round>`) is left out of the logs.
 */
const named = ({ kind, ref }: Pick<Delivery, 'kind' | 'ref'>) => ({
  kind,
  ref: ref.replace(/[^|\s]*@[^|\s]*/g, '(address)'),
});

/**
 * What a new delivery records of its cause: the correlation id of the lines being written (the API request that owes
 * the mail, or the job's invocation), so whoever sends it later logs under it (docs/decisions/0100).
 */
const cause = (): Pick<Delivery, 'correlationId'> => {
  const correlationId = currentCorrelationId();
  return correlationId ? { correlationId } : {};
};

/** The record after a change: a new version; `dueAt` and `attentionAt` kept only in the states they belong to. */
function next(current: Delivery, changes: Partial<Delivery>): Delivery {
  const { dueAt, attentionAt, ...rest } = {
    ...current,
    ...changes,
    version: current.version + 1,
    updatedAt: new Date().toISOString(),
  };
  return {
    ...rest,
    ...(rest.status === 'pending' || rest.status === 'sending' ? { dueAt } : {}),
    ...(rest.status === 'failed' || rest.status === 'unknown' ? { attentionAt } : {}),
  };
}

/** Writes a change of `current` if nobody changed it since it was read; null when someone did. */
async function move(current: Delivery, changes: Partial<Delivery>): Promise<Delivery | null> {
  const changed = next(current, changes);
  try {
    await mailDeliveries.put(changed, { when: { equals: { version: current.version } } });
    return changed;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export function getDelivery(kind: string, ref: string): Promise<Delivery | null> {
  return mailDeliveries.get({ kind, ref }, { consistent: true });
}

/** The deliveries of one kind for many reasons at once (a list's mail states), by ref; a reason without one is left out. */
export async function getDeliveries(kind: string, refs: readonly string[]): Promise<Map<string, Delivery>> {
  const found = refs.length ? await mailDeliveries.getMany(refs.map((ref) => ({ kind, ref }))) : [];
  return new Map(found.map((delivery) => [delivery.ref, delivery]));
}

/** A claim still held by a live sender (its lease has not run out). */
export const inFlight = (delivery: Delivery, now = new Date()) =>
  delivery.status === 'sending' && (delivery.dueAt ?? '') > now.toISOString();

/**
 * What one send did, written on the delivery it claimed; a later claim (after its lease) is left alone unless it sent.
 */
async function record(claimed: Delivery, outcome: Partial<Delivery>): Promise<Delivery> {
  let current: Delivery | null = claimed;
  for (;;) {
    const moved: Delivery | null = await move(current, outcome);
    if (moved) return moved;
    current = (await getDelivery(claimed.kind, claimed.ref))!;
    if (current.status === 'sent') return current;
    // Someone claimed it again after this send's lease ran out (theirs is the attempt that counts now), or withdrew it.
    // A mail SES accepted is recorded whatever happened meanwhile: it must never be sent once more.
    if (outcome.status !== 'sent' && (current.attempts !== claimed.attempts || current.status === 'withdrawn'))
      return current;
  }
}

/** After a refusal (or a composer that failed): the next try after the backoff, or `failed` after the last. */
function refused(claimed: Delivery, now: Date, lastError: string): Partial<Delivery> {
  const wait = DELIVERY_RULES.backoffMinutes[claimed.attempts - 1];
  return wait === undefined
    ? { status: 'failed', attentionAt: now.toISOString(), lastError }
    : { status: 'pending', dueAt: minutesFrom(now, wait), lastError };
}

/**
 * Claims `delivery` for one send, sends it, and records how it went. Null when someone else claimed it first. A kind
 * with a composer has its mail written now, by the claimer only: not wanted any more -> withdrawn, nothing sent.
 */
async function attempt(delivery: Delivery, now = new Date(), compose?: Composer): Promise<Delivery | null> {
  const claimed = await move(delivery, {
    status: 'sending',
    attempts: delivery.attempts + 1,
    dueAt: minutesFrom(now, DELIVERY_RULES.leaseMinutes),
  });
  if (!claimed) return null;
  const about = { ...named(claimed), attempt: claimed.attempts };
  let mail = claimed.mail;
  let keep = true;
  if (compose) {
    let composed: Composed;
    try {
      composed = await compose(claimed, now);
    } catch (error) {
      logger.error('could not write a scheduled mail; tried again later', { ...about, error: error as Error });
      return record(claimed, refused(claimed, now, `Could not write the mail: ${describe(error)}`));
    }
    if ('notWanted' in composed) {
      logger.info('scheduled mail no longer wanted', { ...about, reason: composed.notWanted });
      return record(claimed, { status: 'withdrawn', withdrawnReason: composed.notWanted });
    }
    mail = composed.mail;
    keep = !composed.secret;
  }
  if (!mail) throw new Error(`delivery ${claimed.kind} ${claimed.ref} has no mail and its kind no composer`);
  try {
    const { messageId } = await sendMail(mail);
    logger.info('mail sent', { ...about, messageId });
    return await record(claimed, {
      status: 'sent',
      ...(keep ? { mail } : {}),
      sentAt: new Date().toISOString(),
      ...(messageId ? { messageId } : {}),
      lastError: undefined,
    });
  } catch (error) {
    const lastError = describe(error);
    if (!mailNotTaken(error)) {
      // The request went out and no answer came back: SES may have accepted it. Never sent again by itself.
      logger.error('mail send did not finish; it may have been sent', {
        event: LOG_EVENT.mailFailed,
        ...about,
        error: error as Error,
      });
      return record(claimed, {
        status: 'unknown',
        attentionAt: now.toISOString(),
        lastError,
        ...(keep ? { mail } : {}),
      });
    }
    const last = DELIVERY_RULES.backoffMinutes[claimed.attempts - 1] === undefined;
    logger.error(last ? 'mail refused; no more tries' : 'mail refused; tried again later', {
      event: LOG_EVENT.mailFailed,
      ...about,
      error: error as Error,
    });
    return record(claimed, { ...refused(claimed, now, lastError), ...(keep ? { mail } : {}) });
  }
}

/**
 * A mail for one reason (`kind` + `ref`), to be written and sent at `dueAt` by the job (its kind's composer writes it
 * then: docs/decisions/0079): at most one delivery per reason, ever. A second call for a reason scheduled before and
 * never tried yet moves its time to `dueAt` (the shopper came back to the card step: the delay counts from then);
 * one tried, sent or withdrawn is left as it is. `created` tells the first call.
 */
export async function schedule(
  kind: string,
  ref: string,
  dueAt: Date,
): Promise<{ delivery: Delivery; created: boolean }> {
  try {
    return {
      delivery: await mailDeliveries.create({ kind, ref, dueAt: dueAt.toISOString(), ...cause() }),
      created: true,
    };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  for (;;) {
    const delivery = (await getDelivery(kind, ref))!;
    if (delivery.status !== 'pending' || delivery.attempts > 0 || delivery.dueAt === dueAt.toISOString())
      return { delivery, created: false };
    const moved = await move(delivery, { dueAt: dueAt.toISOString() });
    if (moved) return { delivery: moved, created: false };
  }
}

/**
 * The mail for one reason (`kind` + `ref`), at most once: the first caller creates its delivery and sends it at once
 * (created: true); any later caller, at the same time or long after, gets the delivery as it stands and sends nothing.
 * A crash between creating and sending leaves it pending and due: the job sends it. `beside` runs only for the
 * caller that created it, alongside the send (the owner's notice of a new order: once, and no extra wait).
 */
export async function deliver(
  kind: string,
  ref: string,
  mail: Mail,
  options: { beside?: () => Promise<void> } = {},
): Promise<{ delivery: Delivery; created: boolean }> {
  let delivery: Delivery;
  try {
    delivery = await mailDeliveries.create({ kind, ref, mail, dueAt: new Date().toISOString(), ...cause() });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return { delivery: (await getDelivery(kind, ref))!, created: false };
  }
  const beside = Promise.resolve(options.beside?.()).catch((error: unknown) =>
    logger.error('work beside a mail failed', { ...named({ kind, ref }), error: error as Error }),
  );
  const sent = (await attempt(delivery)) ?? (await getDelivery(kind, ref))!;
  await beside;
  return { delivery: sent, created: true };
}

/**
 * A delivery created inside the caller's own transaction, together with the change that makes the mail owed (a
 * back-in-stock request ending), so both happen or neither: pending and due at `dueAt`, sent by the send-mails job
 * like any other. Its condition fails the transaction when the reason has a delivery already.
 */
export function deliveryItem(kind: string, ref: string, mail: Mail, dueAt = new Date()): TransactItem {
  return mailDeliveries.transact.put({ kind, ref, mail, dueAt: dueAt.toISOString(), ...cause() }, { ifNew: true });
}

/**
 * A scheduled delivery (its kind's composer writes the mail when it goes out) created inside the caller's own
 * transaction: a gift card and its mail are made together or not at all.
 */
export function scheduledItem(kind: string, ref: string, dueAt: Date): TransactItem {
  return mailDeliveries.transact.put({ kind, ref, dueAt: dueAt.toISOString(), ...cause() }, { ifNew: true });
}

export type SendAgainResult =
  /** Sent now, or tried now and refused or unfinished (see `delivery.status`). */
  | { outcome: 'tried'; delivery: Delivery }
  /** SES accepted it before: not sent twice. */
  | { outcome: 'sent-before'; delivery: Delivery }
  /** Another sender holds it right now (a second click, another tab, the job): this call sent nothing. */
  | { outcome: 'in-flight'; delivery: Delivery }
  /** Withdrawn: no longer wanted. */
  | { outcome: 'withdrawn'; delivery: Delivery };

/**
 * A person's "Send again": one send now of a mail that is not sent (waiting for its next try, refused for good, or
 * unknown; a person decides that an unknown one may be a second copy). Exactly once however often it is pressed: the
 * claim is conditional, so of two presses at once one sends and the other is told it is in flight; after SES accepted
 * it, every press is told it was sent. `mailIfNew` makes the delivery of a reason that never had one (older records).
 */
export async function sendAgain(kind: string, ref: string, mailIfNew: () => Mail): Promise<SendAgainResult> {
  let delivery = await getDelivery(kind, ref);
  if (!delivery) {
    try {
      delivery = await mailDeliveries.create({
        kind,
        ref,
        mail: mailIfNew(),
        dueAt: new Date().toISOString(),
        ...cause(),
      });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      delivery = (await getDelivery(kind, ref))!;
    }
  }
  if (delivery.status === 'sent') return { outcome: 'sent-before', delivery };
  if (delivery.status === 'withdrawn') return { outcome: 'withdrawn', delivery };
  if (inFlight(delivery)) return { outcome: 'in-flight', delivery };
  const tried = await attempt(delivery);
  if (tried) return { outcome: 'tried', delivery: tried };
  const now = (await getDelivery(kind, ref))!;
  return now.status === 'sent' ? { outcome: 'sent-before', delivery: now } : { outcome: 'in-flight', delivery: now };
}

/**
 * No longer wanted (the order was cancelled): a delivery not sent and not being sent is withdrawn, so nobody sends it.
 */
export async function withdraw(kind: string, ref: string): Promise<Delivery | null> {
  for (;;) {
    const delivery = await getDelivery(kind, ref);
    if (!delivery || delivery.status === 'sent' || delivery.status === 'withdrawn' || delivery.status === 'sending')
      return delivery;
    const moved = await move(delivery, { status: 'withdrawn' });
    if (moved) return moved;
  }
}

export interface SweepCounts {
  /** Sent by this run (first sends a crash left behind, and tries again after a refusal). */
  sent: number;
  /** Tried and refused again (a later try is planned, or it now waits for a person). */
  refused: number;
  /** Claimed by a sender that never reported back within its lease: now `unknown`, for a person to decide. */
  stalled: number;
  /**
   * Scheduled mails their composer found no longer wanted (the cart was paid, the address opted out, ...): not sent.
   * Only when some were.
   */
  withdrawn?: number;
}

/**
 * The job's part (every minute): every delivery whose time has come, from one Query of the `due` partition. A pending
 * one is claimed and sent (once, whatever else runs at the same time: the claim is conditional); a claim whose lease
 * ran out is marked `unknown` and not sent again. `onChange` hears of each delivery this run moved (a kind keeps a
 * copy of its state elsewhere, e.g. the order's mailStatus). A kind in `compose` has its mail written at each send
 * (withdrawn when no longer wanted); a delivery without a mail whose kind has no composer here is left alone.
 * Stops claiming when `deadline` is near.
 */
export async function sweepDeliveries(
  now = new Date(),
  options: { deadline?: number; onChange?: (delivery: Delivery) => Promise<void>; compose?: Composers } = {},
): Promise<SweepCounts> {
  const counts: SweepCounts = { sent: 0, refused: 0, stalled: 0 };
  const due = await mailDeliveries.query('due', {}, { skAtMost: now.toISOString(), limit: DELIVERY_RULES.perRun });
  for (const listed of due) {
    if (options.deadline !== undefined && Date.now() > options.deadline) break;
    // Its lines carry the correlation id of the request that wrote it (docs/decisions/0100).
    await withCorrelationId(listed.correlationId, async () => {
      try {
        // The index is read eventually consistent: the record itself decides.
        const delivery = await getDelivery(listed.kind, listed.ref);
        if (!delivery || (delivery.dueAt ?? '~') > now.toISOString()) return;
        let moved: Delivery | null = null;
        if (delivery.status === 'sending') {
          logger.error('mail send never reported back; it may have been sent', {
            event: LOG_EVENT.mailFailed,
            ...named(delivery),
            attempt: delivery.attempts,
          });
          moved = await move(delivery, {
            status: 'unknown',
            attentionAt: now.toISOString(),
            lastError: 'The send did not finish (the sender stopped before SES answered).',
          });
          if (moved) counts.stalled++;
        } else if (delivery.status === 'pending') {
          const compose = Object.hasOwn(options.compose ?? {}, delivery.kind)
            ? options.compose![delivery.kind]
            : undefined;
          if (!delivery.mail && !compose) {
            logger.error('a scheduled mail has no composer for its kind', named(delivery));
            return;
          }
          moved = await attempt(delivery, now, compose);
          if (moved?.status === 'sent') counts.sent++;
          else if (moved?.status === 'withdrawn') counts.withdrawn = (counts.withdrawn ?? 0) + 1;
          else if (moved) counts.refused++;
        }
        if (moved) await options.onChange?.(moved);
      } catch (error) {
        logger.error('could not send a due mail', { ...named(listed), error: error as Error });
      }
    });
  }
  return counts;
}

/** Deliveries of a kind SES accepted from `since` on (ISO), oldest first (the dashboard's reminders sent). */
export function sentSince(kind: string, since: string): Promise<Delivery[]> {
  return mailDeliveries.query('sent', { kind, status: 'sent' }, { skAtLeast: since });
}

/**
 * How many deliveries of a kind the shop itself is still trying after a refusal (pending again, or being sent again):
 * not sent, but nobody's task yet. Reads the unfinished deliveries of every kind (one small partition: index `due`).
 */
export async function beingRetried(kind: string): Promise<number> {
  const unfinished = await mailDeliveries.query('due', {});
  return unfinished.filter((delivery) => delivery.kind === kind && delivery.attempts > 0).length;
}

/** Deliveries of a kind waiting for a person (failed or unknown), oldest first: how many, and the first `limit`. */
export async function needingAttention(
  kind: string,
  limit: number,
): Promise<{ count: number; deliveries: Delivery[] }> {
  const [count, deliveries] = await Promise.all([
    mailDeliveries.count('attention', { kind }),
    mailDeliveries.query('attention', { kind }, { limit }),
  ]);
  return { count, deliveries };
}
