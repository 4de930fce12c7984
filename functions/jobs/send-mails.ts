import type { Context } from 'aws-lambda';
import { CHECKOUT_REMINDER } from '#shared/reminders';
import { noteOnOrder } from '../domain/orders/confirmation-mail';
import { sweepDeliveries, type Composers, type SweepCounts } from '../domain/mail/deliveries';
import { composeCardMail, GIFT_CARD_MAIL } from '../domain/gift-cards/mails';
import { composeReminder } from '../domain/reminders/reminders';
import { mailRestocks, type RestockCounts } from '../domain/stock-alerts/restocks';
import { logger, withLambdaLogging } from '../lib/logger';
import { withMetrics } from '../lib/metrics';

/**
 * The kinds whose mail is written when it goes out (docs/decisions/0079): a checkout reminder says today's prices; a
 * gift card's mail carries a code made as it is sent (docs/decisions/0126).
 */
export const COMPOSERS: Composers = { [CHECKOUT_REMINDER]: composeReminder, [GIFT_CARD_MAIL]: composeCardMail };

/** Time kept back from the function's limit (10 s): no new send starts after it, so each one can record its outcome. */
const RESERVE_MS = 4_000;

/**
 * Scheduled (EventBridge every minute, see shared/jobs.ts; locally every minute by npm start): the mails whose time has
 * come (docs/decisions/0064). A first send a crash left behind and a send SES refused are sent (claimed first, so two
 * runs at once send once); a send that never reported back is marked for the admin, never sent again by itself. Each
 * order confirmation's new state is copied onto its order. A scheduled mail (a checkout reminder) is written by its
 * kind's composer when it goes out, or withdrawn when it is no longer wanted. First, sizes shoppers wait for that can
 * be bought again get their back-in-stock mails written (docs/decisions/0080), so the same run sends them.
 * Each delivery's lines carry the correlation id of the request that wrote it (docs/decisions/0100).
 */
export const handler = withLambdaLogging(
  withMetrics(
    async (
      _event?: unknown,
      context?: Pick<Context, 'getRemainingTimeInMillis'>,
    ): Promise<SweepCounts & { alerts: RestockCounts }> => {
      const deadline = Date.now() + Math.max(1_000, (context?.getRemainingTimeInMillis() ?? 10_000) - RESERVE_MS);
      // A failure here (the table busy) must not keep the due mails from going out.
      const alerts = await mailRestocks(new Date(), { deadline }).catch((error: unknown) => {
        logger.error('back-in-stock look failed', { error: error as Error });
        return { mailed: 0, ended: 0 };
      });
      const counts = await sweepDeliveries(new Date(), { deadline, onChange: noteOnOrder, compose: COMPOSERS });
      if (Object.values(counts).some(Boolean)) logger.info('due mails', { ...counts });
      return { ...counts, alerts };
    },
  ),
);
