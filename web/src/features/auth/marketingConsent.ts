import { marketingConsentAnswerSchema } from '#shared/schemas/marketing';
import { api } from '../../lib/api';

/** The sign-up's box ticked: the signed-in account's email agrees to marketing mail (docs/decisions/0166). */
export const agreeToMarketing = () =>
  api('/auth/marketing-consent', marketingConsentAnswerSchema, { auth: true, body: { agreed: true } });
