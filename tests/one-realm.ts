import { types } from 'node:util';

/**
 * Jest runs a test file in a realm of its own, while Node's own errors (a refused or dropped connection) are made in
 * Node's realm: there `error instanceof Error` is false, so the AWS SDK, which checks it, replaces such an error by a
 * bare "AWS SDK error wrapper" that has lost its `code`. In Lambda there is one realm and the SDK passes the error on.
 * Imported by the tests that read a network error's code through an SDK client (lib/mail.test.ts,
 * lib/secrets.test.ts), this makes `instanceof Error` hold for a native error of either realm, as in Lambda.
 */
const own = Function.prototype[Symbol.hasInstance];
Object.defineProperty(Error, Symbol.hasInstance, {
  configurable: true,
  value(this: unknown, value: unknown): boolean {
    return own.call(this, value) || (this === Error && types.isNativeError(value));
  },
});
