import { AsyncLocalStorage } from 'node:async_hooks';

/** The origin of the request being handled by the local gateway (after it checked the Host; docs/decisions/0061). */
const openedUnder = new AsyncLocalStorage<string>();

/** Runs `work` (a request's handler, stand-in or trigger) with the origin the shop was opened under. */
export function withRequestOrigin<T>(origin: string, work: () => T): T {
  return openedUnder.run(origin, work);
}

/** The origin of the local request being handled (`http://127.0.0.1:3000`), or undefined (in AWS, in a job). */
export function requestOrigin(): string | undefined {
  return openedUnder.getStore();
}

/**
 * The shop's origin for links in mails, absolute URLs in pages and upload URLs, without a trailing slash. Locally
 * the address the shop was opened under (the gateway accepted its Host); otherwise SITE_URL: in AWS the
 * distribution's or custom domain, in a local job PUBLIC_URL or http://localhost:PORT. Undefined when unknown.
 */
export function siteUrl(): string | undefined {
  return requestOrigin() ?? (process.env.SITE_URL?.replace(/\/+$/, '') || undefined);
}
