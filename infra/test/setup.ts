import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Each infra test file's own CDK apps write their cloud assemblies under one folder of its own (synth.ts,
 * `testOutdir`), removed when the file is done: left to the CDK, every in-process synth made a `/tmp/cdk.out*` folder
 * nobody removed (about 70 a run). The assemblies shared by the run (one per context, decision 0148) live in the
 * global setup's folder instead.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'shop-infra-test-'));
process.env.SHOP_TEST_CDK_ROOT = root;
afterAll(() => rmSync(root, { recursive: true, force: true }));
