import { defineHandler } from '../../lib/http';

export const handler = defineHandler('system/get-health', async () => ({ ok: true }));
