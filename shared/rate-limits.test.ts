import { RATE_LIMIT_MESSAGES } from './messages';
import {
  cognitoOperationOf,
  isCognitoRequest,
  parseRateLimitSwitch,
  RATE_LIMIT_GROUPS,
  RATE_LIMIT_MINIMUM,
  RATE_LIMIT_WINDOWS,
  rateLimitedBody,
  rateLimitGroupOf,
  RATE_LIMITS,
  scaledLimit,
} from './rate-limits';
import { ROUTE_LIST } from './routes';

const groupOf = (method: string, path: string) => rateLimitGroupOf({ method, path })?.id;

describe('the rate-limit table', () => {
  test('covers what the design names: payment intents, card confirmations, promo codes, order look-ups, forms, sign-up, password reset; search, unsubscribing, cart links and back-in-stock requests', () => {
    expect(RATE_LIMITS.map((group) => group.id)).toEqual([
      'payment-intents',
      'wallet-quotes',
      'card-confirmations',
      'order-recording',
      'promo-code-checks',
      'order-lookups',
      'forms',
      'stock-alerts',
      'funnel',
      'drop-line',
      'search',
      'email-preferences',
      'cart-restores',
      'shipping-webhooks',
      'gift-card-checks',
      'quote-uploads',
      'quotes',
      'quote-pages',
      'sign-up',
      'password-reset',
    ]);
    expect(groupOf('POST', '/auth/create-payment-intent')).toBe('payment-intents');
    expect(groupOf('POST', '/auth/create-payment-intent/guest')).toBe('payment-intents');
    expect(groupOf('POST', '/api/test-payments/confirm')).toBe('card-confirmations');
    // The shoppers' path: one beacon per page a shopper leaves (issue 56 item 2, decision 0167).
    expect(groupOf('POST', '/api/funnel')).toBe('funnel');
    // A wallet's sheet asks once per address the shopper picks: its own, larger count (docs/decisions/0129).
    expect(groupOf('POST', '/api/checkout/wallet-quote')).toBe('wallet-quotes');
    // Recording the order of an authorized card counts on its own: card attempts never stop a paid order.
    for (const path of ['/auth/adminOrders', '/auth/adminOrders/guest'])
      expect(groupOf('POST', path)).toBe('order-recording');
    expect(groupOf('POST', '/api/promo-codes/check')).toBe('promo-code-checks');
    expect(groupOf('POST', '/api/orders/lookup')).toBe('order-lookups');
    expect(groupOf('POST', '/api/orders/replacements')).toBe('order-lookups');
    expect(groupOf('GET', '/api/products/search')).toBe('search');
    expect(groupOf('POST', '/api/email-preferences/unsubscribe')).toBe('email-preferences');
    expect(groupOf('POST', '/api/reminders/restore')).toBe('cart-restores');
    // The shipping provider's tracking events count on their own (docs/decisions/0176).
    expect(groupOf('POST', '/api/shipping/webhook')).toBe('shipping-webhooks');
    expect(groupOf('GET', '/api/products/candles')).toBeUndefined();
    for (const kind of ['contact', 'support', 'quote']) expect(groupOf('POST', `/api/forms/${kind}`)).toBe('forms');
    expect(groupOf('POST', '/api/stock-alerts')).toBe('stock-alerts');
    expect(rateLimitGroupOf({ cognitoTarget: 'AWSCognitoIdentityProviderService.SignUp' })?.id).toBe('sign-up');
    expect(rateLimitGroupOf({ cognitoTarget: 'AWSCognitoIdentityProviderService.ForgotPassword' })?.id).toBe(
      'password-reset',
    );
    expect(rateLimitGroupOf({ cognitoTarget: 'AWSCognitoIdentityProviderService.ConfirmForgotPassword' })?.id).toBe(
      'password-reset',
    );
  });

  test('leaves reading, signing in and other methods alone', () => {
    expect(groupOf('GET', '/api/forms/contact')).toBeUndefined();
    expect(groupOf('GET', '/api/products')).toBeUndefined();
    expect(groupOf('POST', '/api/products/validate-cart')).toBeUndefined();
    expect(groupOf('POST', '/api/forms/contactx')).toBeUndefined();
    expect(rateLimitGroupOf({ cognitoTarget: 'AWSCognitoIdentityProviderService.InitiateAuth' })).toBeUndefined();
    expect(rateLimitGroupOf({ cognitoTarget: 'SignUp' })).toBeUndefined();
  });

  test('a Cognito call names its operation only as AWSCognitoIdentityProviderService.<Operation>; every other spelling names none (the gateway refuses it)', () => {
    expect(cognitoOperationOf('AWSCognitoIdentityProviderService.SignUp')).toBe('SignUp');
    expect(cognitoOperationOf('AWSCognitoIdentityProviderService.InitiateAuth')).toBe('InitiateAuth');
    for (const other of [
      undefined,
      '',
      'SignUp',
      'X.SignUp',
      'awscognitoidentityproviderservice.SignUp',
      'AWSCognitoIdentityProviderService.signUp',
      'AWSCognitoIdentityProviderService.SignUp.X',
      'AWSCognitoIdentityProviderService.Sign Up',
      ' AWSCognitoIdentityProviderService.SignUp',
      'AWSCognitoIdentityProviderService.',
    ]) {
      expect({ other, operation: cognitoOperationOf(other) }).toEqual({ other, operation: undefined });
    }
    expect(rateLimitGroupOf({ cognitoTarget: 'X.SignUp' })).toBeUndefined();
    expect(rateLimitGroupOf({ cognitoTarget: 'X.ForgotPassword' })).toBeUndefined();
  });

  test('recording an order allows more than the card steps it follows (a shopper retrying after a declined card or a lost answer)', () => {
    const byId = Object.fromEntries(RATE_LIMIT_GROUPS.map((group) => [group.id, group]));
    expect(byId['order-recording'].windowSeconds).toBe(byId['card-confirmations'].windowSeconds);
    expect(byId['order-recording'].limit).toBeGreaterThanOrEqual(2 * byId['card-confirmations'].limit);
    expect(byId['order-recording'].message).toBe(RATE_LIMIT_MESSAGES.orderRecording);
  });

  test('every limit fits a WAF rate-based rule: a window WAF offers, at least its minimum, a usable rule name', () => {
    for (const group of RATE_LIMIT_GROUPS) {
      expect({ id: group.id, window: (RATE_LIMIT_WINDOWS as readonly number[]).includes(group.windowSeconds) }).toEqual(
        { id: group.id, window: true },
      );
      expect(group.limit).toBeGreaterThanOrEqual(RATE_LIMIT_MINIMUM);
      expect(Number.isInteger(group.limit)).toBe(true);
      expect(group.id).toMatch(/^[a-z][a-z0-9-]{1,40}$/);
      expect(group.requests.length).toBeGreaterThan(0);
      // One kind per group: API routes go to CloudFront's web ACL, Cognito calls to the user pool's.
      expect(new Set(group.requests.map(isCognitoRequest)).size).toBe(1);
    }
    expect(new Set(RATE_LIMIT_GROUPS.map((g) => g.id)).size).toBe(RATE_LIMIT_GROUPS.length);
  });

  test('no request counts toward two groups, and every message is a shopper sentence from shared/messages.ts', () => {
    const keys = RATE_LIMIT_GROUPS.flatMap((g) =>
      g.requests.map((r) => (isCognitoRequest(r) ? r.cognito : `${r.method} ${r.path}`)),
    );
    expect(new Set(keys).size).toBe(keys.length);
    for (const group of RATE_LIMIT_GROUPS) expect(Object.values(RATE_LIMIT_MESSAGES)).toContain(group.message);
  });

  test("an API group's requests are the routes whose entry names it, and a request of each counts toward it", () => {
    for (const group of RATE_LIMIT_GROUPS.filter((candidate) => !candidate.requests.some(isCognitoRequest))) {
      const naming = ROUTE_LIST.filter((route) => route.rateLimit === group.id);
      expect(group.requests).toEqual(naming.map((route) => ({ method: route.method, path: route.path })));
    }
    for (const route of ROUTE_LIST.filter((candidate) => typeof candidate.rateLimit === 'string')) {
      const path = route.path.replace(/\{[^}]+\}/g, 'x1');
      expect({ route: `${route.method} ${route.path}`, group: groupOf(route.method, path) }).toEqual({
        route: `${route.method} ${route.path}`,
        group: route.rateLimit,
      });
    }
  });
});

describe('the 429 body', () => {
  test("API groups answer the API's error format", () => {
    const forms = RATE_LIMIT_GROUPS.find((g) => g.id === 'forms')!;
    expect(rateLimitedBody(forms)).toEqual({ error: { code: 'rate_limited', message: RATE_LIMIT_MESSAGES.forms } });
  });

  test("Cognito groups also carry Cognito's error fields, so the SDK raises TooManyRequestsException with the message", () => {
    const signUp = RATE_LIMIT_GROUPS.find((g) => g.id === 'sign-up')!;
    expect(rateLimitedBody(signUp)).toEqual({
      __type: 'TooManyRequestsException',
      message: RATE_LIMIT_MESSAGES.signUp,
      error: { code: 'rate_limited', message: RATE_LIMIT_MESSAGES.signUp },
    });
  });
});

describe('the switch (RATE_LIMITS locally, -c rateLimits in AWS)', () => {
  test('is on by default; off turns it off; a number scales every limit', () => {
    for (const on of [undefined, '', 'on', 'true', true])
      expect(parseRateLimitSwitch(on, 'X')).toEqual({ enabled: true, scale: 1 });
    for (const off of ['off', 'false', '0', false, 0])
      expect(parseRateLimitSwitch(off, 'X')).toEqual({ enabled: false, scale: 1 });
    expect(parseRateLimitSwitch('2', 'X')).toEqual({ enabled: true, scale: 2 });
    expect(parseRateLimitSwitch(0.5, 'X')).toEqual({ enabled: true, scale: 0.5 });
  });

  test('refuses anything else with a sentence naming the setting', () => {
    for (const bad of ['banana', '-1', '0.001', '5000', 'NaN']) {
      expect(() => parseRateLimitSwitch(bad, 'RATE_LIMITS')).toThrow(
        `RATE_LIMITS must be on, off or a number from 0.01 to 1000 that multiplies every limit (got "${bad}")`,
      );
    }
  });

  test('a scaled limit is rounded and never below one request', () => {
    const forms = RATE_LIMIT_GROUPS.find((g) => g.id === 'forms')!;
    expect(scaledLimit(forms, 1)).toBe(10);
    expect(scaledLimit(forms, 2.5)).toBe(25);
    expect(scaledLimit(forms, 0.01)).toBe(1);
  });
});
