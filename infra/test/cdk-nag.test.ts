import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { ROUTES } from '../../shared/routes';
import { synthShop } from './synth';

/**
 * cdk-nag's AwsSolutions pack over the whole app: no unsuppressed error or warning. Suppressions live in
 * infra/lib/shop-stack.ts, each with its reason; `logIgnores` reports every suppressed finding as an info,
 * which proves the pack ran and that each suppression is still needed.
 */
describe('cdk-nag AwsSolutions', () => {
  let annotations: Annotations;

  beforeAll(() => {
    const { stack } = synthShop({
      nag: { logIgnores: true },
      // Keep findings as annotations (read below) instead of failing the synth with a validation report.
      context: { '@aws-cdk/core:annotationsInValidationReport': false },
    });
    annotations = Annotations.fromStack(stack);
  });

  const ids = (messages: SynthesisMessage[]) =>
    messages.map((message) => `${message.id}: ${String(message.entry.data).split('\n')[0]}`);
  const suppressed = (rule: string) =>
    annotations.findInfo('*', Match.stringLikeRegexp(`CdkNagSuppression.*: ${rule} was triggered but suppressed`));

  test('no unsuppressed errors', () => {
    expect(ids(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*')))).toEqual([]);
  });

  test('no unsuppressed warnings', () => {
    expect(ids(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')))).toEqual([]);
  });

  test('the pack ran: public routes are exactly the routes whose missing authorizer is suppressed', () => {
    const publicRoutes = ROUTES.filter((route) => route.access === 'public');
    const apig4 = suppressed('AwsSolutions-APIG4');
    expect(apig4).toHaveLength(publicRoutes.length);
    for (const message of apig4) expect(message.id).toMatch(/\/HttpApi\/(GET|POST|PUT|PATCH|DELETE)--/);
  });

  test('every suppression in the stack still matches a finding', () => {
    for (const rule of ['COG1', 'COG2', 'COG8', 'S1', 'CFR1', 'CFR2', 'CFR3', 'CFR4', 'IAM4', 'IAM5']) {
      expect(suppressed(`AwsSolutions-${rule}`).length).toBeGreaterThan(0);
    }
  });
});
