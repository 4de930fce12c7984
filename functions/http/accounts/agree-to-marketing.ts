import { ACCOUNT_ROUTES } from '#shared/routes/accounts';
import { agreeAtSignUp } from '../../domain/accounts/marketing';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ACCOUNT_ROUTES, 'accounts/agree-to-marketing', ({ caller }) =>
  agreeAtSignUp(caller.userId),
);
