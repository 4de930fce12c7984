import { SYSTEM_ROUTES } from '#shared/routes/system';
import { readEnv } from '../../lib/env';
import { defineHandler, reply } from '../../lib/http';

/** How long a caller waits before asking again while the shop gets ready (Retry-After, seconds). */
export const HEALTH_RETRY_SECONDS = 2;

/**
 * GET /api/health: `{"ok":true}` once the shop is ready. While the local stack still seeds the demo data (the
 * first start) or migrates older data, 503 `{"ok":false,"starting":"<what it is doing>"}` with Retry-After
 * (docs/decisions/0073); in AWS a deployed function is ready.
 */
export const handler = defineHandler(SYSTEM_ROUTES, 'system/get-health', async () => {
  const starting = readEnv().SHOP_STARTING;
  return starting
    ? reply(503, { ok: false as const, starting }, { 'retry-after': String(HEALTH_RETRY_SECONDS) })
    : { ok: true as const };
});
