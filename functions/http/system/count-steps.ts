import { deviceClassOf } from '#shared/funnel';
import { SYSTEM_ROUTES } from '#shared/routes/system';
import { countSteps } from '../../domain/funnel/counts';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(SYSTEM_ROUTES, 'system/count-steps', async ({ body, event }) =>
  countSteps({ ...body, device: deviceClassOf(event.headers?.['user-agent']) }),
);
