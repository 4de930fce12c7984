import { rmSync } from 'node:fs';
import { e2eStateFile } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as Record<string, unknown>).__shopE2E as
    { stack: { stop(): Promise<void> }; dataDir: string; browser?: { close(): Promise<void> } } | undefined;
  await state?.browser?.close();
  await state?.stack.stop();
  if (state) rmSync(state.dataDir, { recursive: true, force: true });
  rmSync(e2eStateFile(), { force: true });
}
