import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { SHEET_LIMITS } from '#shared/catalog-sheet';

/**
 * Photos a spreadsheet names by an https address (issue 55 item 4; docs/decisions/0151): fetched by Node's own https
 * client, never from a private or local address, within a size and a time limit. The rules:
 * - https on its own port (443) only, no user or password in the address, at most 2,000 characters;
 * - every address the name resolves to must be a public one (ipaddr.js: `unicast`, not loopback, private, link-local
 *   (the cloud's metadata service), carrier-grade NAT, unique-local, multicast, reserved, or an IPv4 one inside IPv6
 *   of these); the connection goes to the address checked (no second look-up between the check and the connect);
 * - at most 3 redirects, each checked the same way; at most SHEET_LIMITS.imageBytes, in SHEET_LIMITS.imageSeconds.
 */
export class ImageFetchError extends Error {}

/** Whether an IP address is one on the public internet (and so may be fetched from). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Names that are this machine or its network whatever they resolve to. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/** Why an address may not be fetched from (its form alone: before any look-up), or null when it may be tried. */
export function imageUrlProblem(src: string): string | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (src.length > 2000) return 'The photo address is longer than 2,000 characters.';
  if (url.protocol !== 'https:') return 'A photo address must be https.';
  if (url.username || url.password) return 'A photo address may not carry a user or password.';
  if (url.port && url.port !== '443') return 'A photo address may not name a port.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (LOCAL_NAME.test(host) || (ipaddr.isValid(host) && !isPublicAddress(host)))
    return 'A photo address may not be a private or local one.';
  return null;
}

/** Whether a cell is an address (rather than a file name in the zip). */
export const isAddress = (src: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(src);

export interface FetchOptions {
  /** The name look-up (tests point a name at an address of their choosing). */
  lookup?: typeof dnsLookup;
  /** Certificates to trust besides the system's (tests' own). */
  ca?: string;
  /** Whether an address may be connected to (tests: their own server). */
  allowAddress?: (address: string) => boolean;
  /** The time limit in milliseconds. */
  timeoutMs?: number;
}

/** A look-up that refuses a name any of whose addresses is not public, and connects to the one it checked. */
function guardedLookup(options: FetchOptions): LookupFunction {
  const resolve = options.lookup ?? dnsLookup;
  const allowed = options.allowAddress ?? isPublicAddress;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((entry) => !allowed(entry.address));
      if (!addresses.length || bad)
        return callback(new ImageFetchError('The photo address leads to a private or local network.'), '', 0);
      if ((lookupOptions as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * The bytes of a photo at an https address, by the rules above; refusals and failures are ImageFetchError with the
 * owner's words.
 */
export async function fetchImage(src: string, options: FetchOptions = {}, redirects = 0): Promise<Buffer> {
  const problem = imageUrlProblem(src) ?? (isAddress(src) ? null : 'Not an address.');
  if (problem) throw new ImageFetchError(problem);
  const timeoutMs = options.timeoutMs ?? SHEET_LIMITS.imageSeconds * 1000;
  return new Promise<Buffer>((resolve, reject) => {
    const request = https.get(
      src,
      {
        lookup: guardedLookup(options),
        ...(options.ca ? { ca: options.ca } : {}),
        headers: { accept: 'image/jpeg, image/png, image/webp, image/gif', 'user-agent': 'SeasonalShop-CatalogImport' },
        signal: AbortSignal.timeout(timeoutMs),
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (redirects >= 3) return reject(new ImageFetchError('The photo address redirects too often.'));
          const next = new URL(response.headers.location, src).toString();
          fetchImage(next, options, redirects + 1).then(resolve, reject);
          return;
        }
        if (status !== 200) {
          response.resume();
          return reject(new ImageFetchError(`The photo address answered ${status}.`));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > SHEET_LIMITS.imageBytes) {
          response.destroy();
          return reject(new ImageFetchError('The photo is larger than 5 MB.'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > SHEET_LIMITS.imageBytes) {
            response.destroy();
            reject(new ImageFetchError('The photo is larger than 5 MB.'));
          } else chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks)));
        response.on('error', (error) => reject(wordsOf(error, timeoutMs)));
      },
    );
    request.on('error', (error) => reject(wordsOf(error, timeoutMs)));
  });
}

const wordsOf = (error: Error, timeoutMs: number) =>
  error instanceof ImageFetchError
    ? error
    : new ImageFetchError(
        error.name === 'AbortError' || error.name === 'TimeoutError'
          ? `The photo did not arrive within ${timeoutMs / 1000} s.`
          : `The photo could not be fetched (${(error as NodeJS.ErrnoException).code ?? error.message}).`,
      );
