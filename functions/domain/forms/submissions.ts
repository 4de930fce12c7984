import { randomUUID } from 'node:crypto';
import { FORM_SUBJECTS } from '#shared/messages';
import { LOG_EVENT } from '#shared/observability';
import type { FormInput, FormKind } from '#shared/schemas/forms';
import { formSubmissions, type SubmissionRecord } from '../../db/entities/form-submission';
import { isConditionFailure } from '../../db/table';
import { conflict, notFound } from '../../lib/errors';
import { currentCorrelationId, logger, withCorrelationId } from '../../lib/logger';
import { sendMail, shopAddress } from '../../lib/mail';

export type Submission = SubmissionRecord;

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

/**
 * Mails a stored submission to the shop and records how it went. The attempt is claimed first (a conditional
 * write on the attempt count), so a double-clicked resend or a resend racing the scheduled retry mails once.
 */
async function deliver(submission: Submission): Promise<Submission['mailStatus']> {
  const attempts = submission.mailAttempts ?? 0;
  try {
    await formSubmissions.update(
      { id: submission.id },
      { add: { mailAttempts: 1 } },
      { when: { equals: { mailAttempts: attempts }, notEquals: { mailStatus: 'sent' } } },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('This submission is being mailed already.');
    throw error;
  }
  let mailStatus: Submission['mailStatus'] = 'sent';
  try {
    await sendMail(mailOf(submission));
    logger.info('form mail sent', { id: submission.id, attempt: attempts + 1 });
  } catch (error) {
    mailStatus = 'failed';
    logger.error('form mail failed', { event: LOG_EVENT.mailFailed, id: submission.id, error: error as Error });
  }
  await formSubmissions.update({ id: submission.id }, { set: { mailStatus } });
  return mailStatus;
}

const sameContent = (a: Submission, b: Submission) =>
  a.kind === b.kind &&
  a.name === b.name &&
  a.email === b.email &&
  a.message === b.message &&
  (a.items ?? '') === (b.items ?? '');

/**
 * Stores the submission first (nothing is lost if mail fails), then mails it. The same submissionId with the
 * same content stores once: a retried POST finds the first one and is answered with it. The same id with
 * other content (the customer edited the form after an answer got lost) is a new enquiry under a new id.
 */
export async function submitForm(kind: FormKind, input: FormInput): Promise<{ id: string; created: boolean }> {
  const id = input.submissionId ?? randomUUID();
  if (input.website) {
    logger.warn('form honeypot filled; not stored', { kind });
    return { id, created: false };
  }
  const now = new Date().toISOString();
  const correlationId = currentCorrelationId();
  const record: Submission = {
    id,
    kind,
    name: input.name,
    email: input.email,
    message: input.message,
    ...('items' in input && input.items ? { items: input.items } : {}),
    mailStatus: 'pending',
    mailAttempts: 0,
    ...(correlationId ? { correlationId } : {}),
    createdAt: now,
    updatedAt: now,
  };
  try {
    await formSubmissions.create(record);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await formSubmissions.get({ id }, { consistent: true });
    if (existing && sameContent(existing, record)) return { id, created: false };
    return submitForm(kind, { ...input, submissionId: undefined });
  }
  try {
    await deliver(record);
  } catch (error) {
    // Stored is what the customer needs; a failed status write leaves 'pending', which the admin can resend.
    logger.error('form mail not recorded', { id, error: error as Error });
  }
  return { id, created: true };
}

/**
 * The scheduled retry: submissions whose mail failed, up to 5 attempts each; each one's lines carry the correlation id
 * of the request that sent the form.
 */
export async function retryFailedSubmissions(): Promise<number> {
  const failed = (await listSubmissions()).filter((s) => s.mailStatus === 'failed' && (s.mailAttempts ?? 0) < 5);
  let sent = 0;
  for (const submission of failed) {
    await withCorrelationId(submission.correlationId, async () => {
      try {
        if ((await deliver(submission)) === 'sent') sent++;
      } catch (error) {
        logger.warn('form mail retry skipped', { id: submission.id, error: error as Error });
      }
    });
  }
  return sent;
}

export async function listSubmissions(): Promise<Submission[]> {
  return formSubmissions.query('inbox', {}, { order: 'desc' });
}

/** The admin's resend: for a mail that failed (or never went out); one already sent is not sent twice. */
export async function resendSubmission(id: string): Promise<Submission['mailStatus']> {
  const submission = await formSubmissions.get({ id });
  if (!submission) throw notFound('No such submission.');
  if (submission.mailStatus === 'sent') throw conflict('This submission was already mailed to the shop.');
  return deliver(submission);
}
