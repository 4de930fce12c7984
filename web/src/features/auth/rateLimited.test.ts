import { RATE_LIMIT_MESSAGES } from '#shared/messages';
import { rateLimitedMessage } from './rateLimited';

const failure = (name: string, message: string, httpStatusCode?: number) =>
  Object.assign(new Error(message), { name, metadata: { httpStatusCode } });

test("our 429 (the gateway's or WAF's) shows its own sentence", () => {
  expect(rateLimitedMessage(failure('TooManyRequestsException', RATE_LIMIT_MESSAGES.signUp, 429), 'x')).toBe(
    RATE_LIMIT_MESSAGES.signUp,
  );
  // In AWS the SDK names a WAF block ForbiddenException; the body still carries our message.
  expect(rateLimitedMessage(failure('ForbiddenException', RATE_LIMIT_MESSAGES.passwordReset, 429), 'x')).toBe(
    RATE_LIMIT_MESSAGES.passwordReset,
  );
});

test("Cognito's own limits show the fallback sentence, never AWS's wording", () => {
  expect(
    rateLimitedMessage(
      failure('LimitExceededException', 'Attempt limit exceeded, please try after some time.', 400),
      RATE_LIMIT_MESSAGES.passwordReset,
    ),
  ).toBe(RATE_LIMIT_MESSAGES.passwordReset);
  expect(rateLimitedMessage(failure('UnknownError', 'Unknown error', 429), RATE_LIMIT_MESSAGES.signUp)).toBe(
    RATE_LIMIT_MESSAGES.signUp,
  );
});

test('any other failure is not a rate limit', () => {
  expect(rateLimitedMessage(failure('UsernameExistsException', 'User already exists', 400), 'x')).toBeNull();
  expect(rateLimitedMessage(new Error('network'), 'x')).toBeNull();
  expect(rateLimitedMessage('nope', 'x')).toBeNull();
});
