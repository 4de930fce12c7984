import { rmSync } from 'node:fs';
import { stackFile } from './stack-file';

export default async function globalTeardown(): Promise<void> {
  const standIns = ((globalThis as Record<string, unknown>).__shopStandIns ?? []) as { stop(): Promise<void> }[];
  await Promise.all(standIns.map((standIn) => standIn.stop()));
  rmSync(stackFile(), { force: true });
}
