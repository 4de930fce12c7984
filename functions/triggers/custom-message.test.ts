import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { handler } from './custom-message';
import { COGNITO_CODE_PLACEHOLDER, passwordResetMail } from './reset-mail';

/** The Cognito custom-message trigger (functions/triggers/custom-message.ts), called as Cognito calls it. */
function cognitoEvent(
  triggerSource: CustomMessageTriggerEvent['triggerSource'],
  email = 'some.one+shop@example.com',
): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: 'a1b2c3d4-0000-4000-8000-000000000000',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'web' },
    triggerSource,
    request: {
      userAttributes: { email, email_verified: 'true' },
      codeParameter: COGNITO_CODE_PLACEHOLDER,
      linkParameter: '{##Click Here##}',
      usernameParameter: triggerSource === 'CustomMessage_AdminCreateUser' ? '{username}' : null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  };
}

/** What the reader's mail client does: decode entities, take the link, and let Cognito put a code in. */
function linkIn(message: string, code = '123456'): URL {
  const href = /<a href="([^"]+)">/.exec(message)?.[1];
  if (!href) throw new Error(`no link in ${message}`);
  return new URL(href.replace(/&amp;/g, '&').replace(COGNITO_CODE_PLACEHOLDER, code));
}

const before = process.env.SITE_URL;
afterEach(() => {
  if (before === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = before;
});

describe('forgot-password mail', () => {
  test('links to <site>/reset-password with the address and the code placeholder Cognito fills in', async () => {
    process.env.SITE_URL = 'https://shop.example.com';
    const event = await handler(cognitoEvent('CustomMessage_ForgotPassword'));

    const message = event.response.emailMessage!;
    expect(event.response.emailSubject).toBe('Reset your Seasonal Shop password');
    expect(message).toContain(COGNITO_CODE_PLACEHOLDER);
    expect(message).toContain(
      'href="https://shop.example.com/reset-password?email=some.one%2Bshop%40example.com&amp;code={####}"',
    );
    const link = linkIn(message);
    expect(link.origin).toBe('https://shop.example.com');
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('email')).toBe('some.one+shop@example.com');
    expect(link.searchParams.get('code')).toBe('123456');
    // The code is also in the text, for typing it in; the placeholder is never URL-encoded.
    expect(message).toContain(`Or enter this code on the reset page: ${COGNITO_CODE_PLACEHOLDER}`);
    expect(message).not.toContain('%7B%23%23%23%23%7D');
  });

  test('a site URL with a trailing slash (the distribution default has none) gives the same link', async () => {
    process.env.SITE_URL = 'https://d111111abcdef8.cloudfront.net/';
    const event = await handler(cognitoEvent('CustomMessage_ForgotPassword', 'a@example.com'));
    expect(linkIn(event.response.emailMessage!).href).toBe(
      'https://d111111abcdef8.cloudfront.net/reset-password?email=a%40example.com&code=123456',
    );
  });

  test('the mail is HTML: text is escaped, lines are breaks', async () => {
    process.env.SITE_URL = 'https://shop.example.com';
    const event = await handler(cognitoEvent('CustomMessage_ForgotPassword', 'x@example.com'));
    expect(event.response.emailMessage).toContain('<br>');
    expect(event.response.emailMessage).not.toMatch(/&(?!amp;)/);
  });

  test("without SITE_URL Cognito's own message (with its code) is kept rather than a broken link", async () => {
    delete process.env.SITE_URL;
    const event = await handler(cognitoEvent('CustomMessage_ForgotPassword'));
    expect(event.response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });
});

describe('other messages are left as Cognito writes them', () => {
  test.each([
    'CustomMessage_AdminCreateUser',
    'CustomMessage_SignUp',
    'CustomMessage_ResendCode',
    'CustomMessage_VerifyUserAttribute',
  ] as const)('%s', async (source) => {
    process.env.SITE_URL = 'https://shop.example.com';
    const event = await handler(cognitoEvent(source));
    expect(event.response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });
});

test('locally (a real code) the code in the link is URL-encoded', () => {
  expect(passwordResetMail('http://localhost:3000', 'a@example.com', 'ab+c/1').link).toBe(
    'http://localhost:3000/reset-password?email=a%40example.com&code=ab%2Bc%2F1',
  );
});
