import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The run's folder of shared cloud assemblies (synth.ts `synthShop`, decision 0148): one per context, written by the
 * first test file that asks for it and read by every other. Jest's workers (or, in band, the test files in this
 * process) read its path from the environment; the global teardown removes it.
 */
export default function globalSetup(): void {
  process.env.SHOP_INFRA_RUN_DIR = mkdtempSync(path.join(os.tmpdir(), 'shop-infra-run-'));
}
