import { canonicalEmail } from '#shared/email';
import { MARKETING_CONSENT_WORDS } from '#shared/marketing';
import { marketingConsents } from '../../db/entities/marketing-consent';
import { isConditionFailure } from '../../db/table';
import { notFound } from '../../lib/errors';
import { accountEmail } from '../../lib/user-pool';

/**
 * The sign-up's marketing box ticked (issue 56 item 3, docs/decisions/0166): the account's email (from the user pool,
 * never from the request) says yes, with the box's words and the time; once per account (a second call keeps the
 * first time).
 */
export async function agreeAtSignUp(userId: string, name = ''): Promise<{ agreedAt: string }> {
  const typedEmail = await accountEmail(userId);
  if (!typedEmail) throw notFound('No account has this user id.');
  const agreedAt = new Date().toISOString();
  const record = {
    email: canonicalEmail(typedEmail),
    consentId: `sign-up#${userId}`,
    typedEmail,
    name,
    via: 'sign-up' as const,
    words: MARKETING_CONSENT_WORDS,
    agreedAt,
  };
  try {
    await marketingConsents.create(record);
    return { agreedAt };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const kept = await marketingConsents.get({ email: record.email, consentId: record.consentId }, { consistent: true });
  return { agreedAt: kept?.agreedAt ?? agreedAt };
}
