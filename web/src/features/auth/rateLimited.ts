import { RATE_LIMIT_MESSAGES } from '#shared/messages';

/**
 * Errors a Cognito call raises when a client is held back: our 429 (gateway or WAF), WAF's block, Cognito's own limits.
 */
const HELD_BACK = new Set(['TooManyRequestsException', 'ForbiddenException', 'LimitExceededException']);
const OURS: readonly string[] = Object.values(RATE_LIMIT_MESSAGES);

/**
 * The sentence to show when a sign-up or password-reset call was refused for going too fast (shared/rate-limits.ts),
 * or null for any other failure. Our own message when the answer carries it, else `fallback`: never AWS's wording.
 */
export function rateLimitedMessage(failure: unknown, fallback: string): string | null {
  if (!(failure instanceof Error)) return null;
  const status = (failure as { metadata?: { httpStatusCode?: number } }).metadata?.httpStatusCode;
  if (!HELD_BACK.has(failure.name) && status !== 429) return null;
  return OURS.includes(failure.message) ? failure.message : fallback;
}
