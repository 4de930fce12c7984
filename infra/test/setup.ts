import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Each infra test file's CDK apps write their cloud assemblies under one folder of its own (synth.ts, `testOutdir`),
 * removed when the file is done: left to the CDK, every in-process synth made a `/tmp/cdk.out*` folder nobody
 * removed (about 70 a run).
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'shop-infra-test-'));
process.env.SHOP_TEST_CDK_ROOT = root;
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * A bare dev stage carries the settings warnings its tests ask for (no SES identity, no postal address), and the CDK
 * prints its validation report, with a stack trace, on every synth that has a warning: about 60 copies a run that
 * read like failures in CI's log. A report whose only findings are such warnings is not printed; any other report,
 * and any other message, is.
 */
const SETTING_WARNING = /^\s*WARNING No \w+ for stage "[a-z0-9-]+":/;
export function onlySettingWarnings(message: string): boolean {
  // eslint-disable-next-line no-control-regex -- the report's colours, when printed to a terminal
  const text = message.replace(/\x1b\[[0-9;]*m/g, '');
  if (!text.includes('validation-report.json')) return false;
  const findings = text.split('\n').filter((line) => /^\s*(WARNING|ERROR|FATAL|\[)/i.test(line));
  return findings.length > 0 && findings.every((line) => SETTING_WARNING.test(line));
}
const print = console.error.bind(console);
console.error = (...parts: unknown[]) => {
  if (!onlySettingWarnings(parts.map(String).join(' '))) print(...parts);
};
