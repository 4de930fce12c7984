import { SYSTEM_ROUTES } from '../../../shared/routes/system';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(SYSTEM_ROUTES, 'system/get-health', async () => ({ ok: true as const }));
