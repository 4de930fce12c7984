/**
 * The bench's figure for the page function's cold first request (issue 39): its module load, plus what its first
 * request adds before any network: Node's fetch (undici, loaded on first use), which its S3 read of index.html uses
 * (functions/lib/s3-read.ts) instead of the S3 SDK. Loaded as one bundle, as in Lambda.
 */
export { handler } from '../functions/http/pages/render-page';
export const fetchLoaded = typeof globalThis.fetch;
