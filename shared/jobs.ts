import type { Service } from './routes/types';

/** Functions that run on a schedule rather than behind a route (infra creates one EventBridge rule each). */
export interface JobDef {
  /** Module under functions/jobs, without extension; exports `handler`. */
  handler: string;
  /** EventBridge schedule expression. */
  schedule: string;
  table: 'none' | 'read' | 'readwrite';
  uses?: readonly Service[];
  summary: string;
}

export const JOBS: readonly JobDef[] = [
  {
    handler: 'settle-checkouts',
    schedule: 'rate(2 minutes)',
    table: 'readwrite',
    uses: ['ses', 'stripe'],
    summary:
      'Finishes checkouts left half-way (captures taken orders, takes authorized ones, cancels unpaid intents after 60 minutes) and cancellations (refund, mail); builds a missing catalogue index',
  },
  {
    handler: 'send-mails',
    schedule: 'rate(1 minute)',
    table: 'readwrite',
    uses: ['ses', 'links'],
    summary:
      'Sends mails whose time has come: a first send a crash left behind, or one SES refused, again after 1, 5, 15, 60, 60 minutes; marks a send that never reported back for the admin (never resent by itself); writes checkout reminders when they are due (or withdraws them: paid, opted out, sold out, one a day). First writes the back-in-stock mails of sizes shoppers wait for that can be bought again (one per request, which then ends)',
  },
  {
    handler: 'retry-failed-mails',
    schedule: 'rate(15 minutes)',
    table: 'readwrite',
    uses: ['ses'],
    summary: 'Sends form mails that failed again (up to 5 attempts)',
  },
  {
    handler: 'sum-ledger-days',
    schedule: 'rate(15 minutes)',
    table: 'readwrite',
    summary:
      "Sums each ended shop day's ledger entries into that day's totals for the owner's reports (written whole: idempotent)",
  },
  {
    handler: 'buy-labels',
    schedule: 'rate(1 minute)',
    table: 'readwrite',
    uses: ['shipping', 's3'],
    summary:
      'Buys the labels of the owner\'s "Buy labels" batches, each order\'s once (its attempt on the order is the key), and writes each result; a batch longer than a run goes on at the next',
  },
];

/** Cognito Lambda triggers (functions/triggers/<handler>.ts); locally the gateway plays their part. */
export const COGNITO_TRIGGERS = [
  {
    handler: 'pre-sign-up',
    operation: 'preSignUp',
    summary: 'Confirms a new account and marks its email verified (docs/decisions/0010)',
  },
  {
    handler: 'custom-message',
    operation: 'customMessage',
    summary: 'Turns the reset-code mail into a link to /reset-password',
  },
] as const;
