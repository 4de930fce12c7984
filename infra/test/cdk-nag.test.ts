import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { ROUTES } from '#shared/routes';
import { CHECKED_STAGES, synthShop } from './synth';

/**
 * cdk-nag's AwsSolutions pack over the whole app: no unsuppressed error or warning. Suppressions live beside
 * the resources (infra/lib/*.ts), each with its reason; `logIgnores` reports every suppressed finding as an
 * info, which proves the pack ran and that each suppression is still needed. Two stages: a bare dev stage
 * (cdk.json only) and a fully configured prod stage with a custom domain, each with its edge stack
 * (ShopEdge-<stage>, the distribution's web ACL).
 */
describe.each(CHECKED_STAGES)('cdk-nag AwsSolutions: $name', ({ context, customDomain }) => {
  let annotations: Annotations;
  /** ShopEdge-<stage> (us-east-1): the distribution's web ACL. */
  let edgeAnnotations: Annotations;

  beforeAll(() => {
    const { stack, edge } = synthShop({
      nag: { logIgnores: true },
      // Findings stay annotations (read below; TEST_CONTEXT), not a validation report that fails the synth.
      context,
    });
    annotations = Annotations.fromStack(stack);
    edgeAnnotations = Annotations.fromStack(edge!);
  });

  const text = (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));
  const ids = (messages: SynthesisMessage[]) =>
    messages.map((message) => `${message.id}: ${text(message.entry.data).split('\n')[0]}`);
  const suppressed = (rule: string) =>
    annotations.findInfo('*', Match.stringLikeRegexp(`CdkNagSuppression.*: ${rule} was triggered but suppressed`));

  test('no unsuppressed errors', () => {
    expect(ids(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*')))).toEqual([]);
  });

  test('no unsuppressed warnings', () => {
    expect(ids(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')))).toEqual([]);
  });

  test('the edge stack: no errors, no warnings, no suppressions', () => {
    expect(ids(edgeAnnotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*')))).toEqual([]);
    expect(ids(edgeAnnotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')))).toEqual([]);
    expect(edgeAnnotations.findInfo('*', Match.stringLikeRegexp('CdkNagSuppression'))).toEqual([]);
  });

  test('the distribution has a web ACL (the rate limits of docs/decisions/0025): CFR2 holds without a suppression', () => {
    expect(suppressed('AwsSolutions-CFR2')).toEqual([]);
  });

  test('the pack ran: public routes are exactly the routes whose missing authorizer is suppressed', () => {
    const publicRoutes = ROUTES.filter((route) => route.access === 'public');
    const apig4 = suppressed('AwsSolutions-APIG4');
    expect(apig4).toHaveLength(publicRoutes.length);
    for (const message of apig4) expect(message.id).toMatch(/\/HttpApi\/(GET|POST|PUT|PATCH|DELETE)--/);
  });

  test('every suppression in the stack still matches a finding', () => {
    const rules = ['COG1', 'COG2', 'COG8', 'CFR1', 'IAM4', 'IAM5', 'SMG4', 'L1', ...(customDomain ? [] : ['CFR4'])];
    for (const rule of rules) {
      expect({ rule, suppressed: suppressed(`AwsSolutions-${rule}`).length > 0 }).toEqual({ rule, suppressed: true });
    }
  });

  test('access logs are on: neither bucket logs (S1) nor distribution logs (CFR3) are suppressed anywhere', () => {
    // cdk-nag counts the log bucket (the target of the others' logs) as logged; the rest log into it.
    expect(suppressed('AwsSolutions-S1')).toEqual([]);
    expect(suppressed('AwsSolutions-CFR3')).toEqual([]);
  });

  test('rotation (SMG4) is suppressed on the Stripe, shipping, origin and link-signing secrets only (rotated by the operator, or never: links already mailed); L1 on the CDK deployment helper only', () => {
    expect(suppressed('AwsSolutions-SMG4').map((message) => message.id)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/StripeSecret\/Resource$/),
        expect.stringMatching(/\/ShippingSecret\/Resource$/),
        expect.stringMatching(/\/OriginSecret\/Resource$/),
        expect.stringMatching(/\/LinkSigningSecret\/Resource$/),
      ]),
    );
    expect(suppressed('AwsSolutions-SMG4')).toHaveLength(4);
    for (const message of suppressed('AwsSolutions-L1'))
      expect(message.id).toMatch(/\/Custom::CDKBucketDeployment[0-9A-F]{32}/);
  });

  test('the SES grant has no wildcard: no IAM5 suppression names an SES identity', () => {
    const ses = suppressed('AwsSolutions-IAM5').filter((message) => /ses|identity/i.test(text(message.entry.data)));
    expect(ses).toEqual([]);
  });

  if (customDomain) {
    test('with a custom domain the minimum TLS rule (CFR4) holds without a suppression', () => {
      expect(suppressed('AwsSolutions-CFR4')).toEqual([]);
    });
  }
});
