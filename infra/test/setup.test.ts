import { onlySettingWarnings } from './setup';

const report = (...findings: string[]) =>
  [...findings.flatMap((finding) => ['infra/lib/shop-app.ts:32:17', finding, '   Shop-dev aws-cdk-lib.Stack', '']), 'A copy of this report can be found in: /tmp/x/validation-report.json'].join('\n');

it("drops only a validation report of a bare stage's setting warnings; any other finding or message is printed", () => {
  expect(onlySettingWarnings(report('WARNING No sesIdentity for stage "dev": no function may send mail.', 'WARNING No shopPostalAddress for stage "dev": no reminders.'))).toBe(true);
  expect(onlySettingWarnings(report('\u001b[33mWARNING No sesIdentity for stage "dev": no mail.\u001b[0m'))).toBe(true);
  expect(onlySettingWarnings(report('WARNING No sesIdentity for stage "dev": no mail.', 'WARNING [ack: @aws-cdk/aws-lambda:x] Something else.'))).toBe(false);
  expect(onlySettingWarnings(report('ERROR Resource handler returned message: invalid'))).toBe(false);
  expect(onlySettingWarnings('[Warning] Template validation found issues in your templates (reported as warnings).\nA copy of this report can be found in: /tmp/x/validation-report.json')).toBe(false);
  expect(onlySettingWarnings('WARNING No sesIdentity for stage "dev": printed elsewhere')).toBe(false);
});
