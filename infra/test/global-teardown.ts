import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  const runDir = process.env.SHOP_INFRA_RUN_DIR;
  if (runDir) rmSync(runDir, { recursive: true, force: true });
}
