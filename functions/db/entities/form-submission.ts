import type { FormKind } from '#shared/schemas/forms';
import { model, type Timestamps } from '../table';

/** A contact, support or quote form: stored first, then mailed; `mailStatus` shows delivery to the admin. */
export interface SubmissionRecord extends Timestamps {
  id: string;
  kind: FormKind;
  name: string;
  email: string;
  message: string;
  items?: string;
  mailStatus: 'pending' | 'sent' | 'failed';
  mailAttempts: number;
  /** The correlation id of the request that sent the form: the retry job logs under it (docs/decisions/0100). */
  correlationId?: string;
}

export const formSubmissions = model<SubmissionRecord, 'id', 'mailStatus' | 'mailAttempts'>({
  entity: 'formSubmission',
  pk: ['id'],
  indexes: { inbox: { index: 'gsi1', pk: [], sk: ['createdAt', 'id'] } },
  defaults: () => ({ mailStatus: 'pending', mailAttempts: 0 }),
});
