import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { FORM_SUBJECTS } from '../../../shared/messages';
import type { FormInput, FormKind } from '../../../shared/schemas/forms';
import type { formSubmissionEntity } from '../../db/entities/form-submission';
import { db } from '../../db/service';
import { notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { sendMail, shopAddress } from '../../lib/mail';

export type Submission = EntityItem<typeof formSubmissionEntity>;

function mailOf(submission: Submission) {
  return {
    to: shopAddress(),
    replyTo: submission.email,
    subject: FORM_SUBJECTS[submission.kind],
    text: [
      `Name: ${submission.name}`,
      `Email: ${submission.email}`,
      ...(submission.items ? [`Items: ${submission.items}`] : []),
      `Received: ${submission.createdAt}`,
      '',
      submission.message,
    ].join('\n'),
  };
}

/** Mails a stored submission to the shop and records how it went. */
async function deliver(submission: Submission): Promise<Submission['mailStatus']> {
  let mailStatus: Submission['mailStatus'] = 'sent';
  try {
    await sendMail(mailOf(submission));
  } catch (error) {
    mailStatus = 'failed';
    logger.error('form mail failed', { id: submission.id, error: error as Error });
  }
  await db()
    .entities.formSubmission.patch({ id: submission.id })
    .set({ mailStatus })
    .add({ mailAttempts: 1 })
    .go();
  return mailStatus;
}

/**
 * Stores the submission first (nothing is lost if mail fails), then mails it. The same submissionId stores
 * once: a retried POST finds the first one.
 */
export async function submitForm(kind: FormKind, input: FormInput): Promise<{ id: string; created: boolean }> {
  const id = input.submissionId ?? randomUUID();
  if (input.website) {
    logger.warn('form honeypot filled; not stored', { kind });
    return { id, created: false };
  }
  const record: Submission = {
    id,
    kind,
    name: input.name,
    email: input.email,
    message: input.message,
    ...('items' in input && input.items ? { items: input.items } : {}),
    mailStatus: 'pending',
    mailAttempts: 0,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
  try {
    await db().entities.formSubmission.create(record).go();
  } catch (error) {
    const existing = (await db().entities.formSubmission.get({ id }).go()).data;
    if (existing) return { id, created: false };
    throw error;
  }
  await deliver(record);
  return { id, created: true };
}

/** The scheduled retry: submissions whose mail failed, up to 5 attempts each. */
export async function retryFailedSubmissions(): Promise<number> {
  const failed = (await listSubmissions()).filter((s) => s.mailStatus === 'failed' && (s.mailAttempts ?? 0) < 5);
  let sent = 0;
  for (const submission of failed) if ((await deliver(submission)) === 'sent') sent++;
  return sent;
}

export async function listSubmissions(): Promise<Submission[]> {
  const { data } = await db().entities.formSubmission.query.inbox({}).go({ pages: 'all', order: 'desc' });
  return data;
}

export async function resendSubmission(id: string): Promise<Submission['mailStatus']> {
  const submission = (await db().entities.formSubmission.get({ id }).go()).data;
  if (!submission) throw notFound('No such submission.');
  return deliver(submission);
}
