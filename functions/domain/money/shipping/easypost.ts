import EasyPostClient from '@easypost/api';

/**
 * The one file that imports EasyPost's official client (docs/decisions/0141, 0161), loaded where the calculated-rate
 * path starts (./provider.ts), so only the functions that price or buy a calculated rate carry it. `baseUrl` points
 * it at the local stand-in (functions/local/shipping-stand-in.ts) in `npm start` and the tests; unset, at EasyPost.
 */
export type EasyPost = InstanceType<typeof EasyPostClient>;
/** A Rate object as the client types it (in a shipment's `rates`). */
export type IRate = Awaited<ReturnType<EasyPost['Shipment']['retrieve']>>['rates'][number];

export const makeEasyPost = (apiKey: string, options: { baseUrl?: string; timeoutMs: number }): EasyPost =>
  new EasyPostClient(apiKey, { timeout: options.timeoutMs, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) });

/**
 * GET /v2/rates/{id}: the client's `Rate.retrieve` (src/services/rate_service.js, EasyPost's "Retrieve a Rate"), which
 * its type declarations of 8.x leave out.
 */
export const retrieveRate = (client: EasyPost, id: string): Promise<IRate> =>
  (client.Rate as unknown as { retrieve(id: string): Promise<IRate> }).retrieve(id);
