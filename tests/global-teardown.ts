import { existsSync, readFileSync, rmSync } from 'node:fs';
import { stackFile, type TestStack } from './stack-file';

/** Stops the stand-ins the global setup started and removes the folders it made (their data is the run's alone). */
export default async function globalTeardown(): Promise<void> {
  const standIns = ((globalThis as Record<string, unknown>).__shopStandIns ?? []) as { stop(): Promise<void> }[];
  await Promise.all(standIns.map((standIn) => standIn.stop()));
  const file = stackFile();
  if (existsSync(file)) {
    const stack = JSON.parse(readFileSync(file, 'utf8')) as TestStack;
    for (const dir of [stack.cognitoDataDir, stack.outboxDir, stack.storageDir])
      rmSync(dir, { recursive: true, force: true });
  }
  rmSync(file, { force: true });
}
