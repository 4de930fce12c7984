import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { JOBS } from '#shared/jobs';
import { ROUTES as ROUTE_TABLE, routeId, type RouteDef } from '#shared/routes';
import type { JobDef } from '#shared/jobs';
import type { ShopStack } from '../lib/shop-stack';
import type { IConstruct } from 'constructs';
import { FULL_CONTEXT, logicalIdOf, renderCfnString, resourcesOf, synthShop } from './synth';

/** Point 7 (SES) and point 8 (the Stripe secret) of the production issue. */
const ROUTES: readonly RouteDef[] = ROUTE_TABLE;
type Entry = { name: string; entry: RouteDef | JobDef; functionId: (stack: ShopStack) => string };

const idOf = (_stack: ShopStack, construct: IConstruct) => logicalIdOf(construct);
const ENTRIES: Entry[] = [
  ...ROUTES.map((route) => ({
    name: `${route.method} ${route.path}`,
    entry: route,
    functionId: (s: ShopStack) => idOf(s, s.routeFunctions.get(routeId(route))!),
  })),
  ...JOBS.map((job) => ({
    name: `job ${job.handler}`,
    entry: job,
    functionId: (s: ShopStack) => idOf(s, s.jobFunctions.get(routeId(job))!),
  })),
];
const uses = (entry: RouteDef | JobDef, service: string) => (entry.uses ?? []).includes(service as never);

/** The statements of every policy attached to a function's role. */
function roleStatements(
  template: Template,
  functionId: string,
): { Action: string | string[]; Effect: string; Resource: unknown }[] {
  const fn = template.toJSON().Resources[functionId];
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}
const variablesOf = (template: Template, functionId: string): Record<string, unknown> =>
  template.toJSON().Resources[functionId].Properties.Environment.Variables;

describe('the Stripe secret', () => {
  let stack: ShopStack;
  let template: Template;
  beforeAll(() => ({ stack, whole: template } = synthShop({ context: FULL_CONTEXT })));
  const secretId = () => idOf(stack, stack.stripeSecret);
  const linkSecretId = () => idOf(stack, stack.linkSigningSecret);
  const shippingSecretId = () => idOf(stack, stack.shippingSecret);

  test('one secret per stage: a generated placeholder of the right shape, no fixed name, no value in the template', () => {
    // The Stripe secret, the origin secret (docs/decisions/0066, infra/test/front-door.test.ts) and the key that signs
    // mails' links (0078), and the shipping provider's keys (0161).
    template.resourceCountIs('AWS::SecretsManager::Secret', 4);
    const secret = template.toJSON().Resources[secretId()];
    expect(secret.Properties.Name).toBeUndefined();
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(JSON.parse(secret.Properties.GenerateSecretString.SecretStringTemplate)).toEqual({
      secretKey: '',
      webhookSecret: '',
    });
    template.hasOutput('StripeSecretArn', { Value: { Ref: secretId() } });
    const shipping = template.toJSON().Resources[shippingSecretId()];
    expect(shipping.Properties.Name).toBeUndefined();
    expect(shipping.Properties.SecretString).toBeUndefined();
    expect(JSON.parse(shipping.Properties.GenerateSecretString.SecretStringTemplate)).toEqual({
      apiKey: '',
      webhookSecret: '',
    });
    template.hasOutput('ShippingSecretArn', { Value: { Ref: shippingSecretId() } });
  });

  test.each(ENTRIES.map((entry) => [entry.name, entry] as const))(
    '%s: SHIPPING_SECRET_ARN and read access exactly when it calls the shipping provider',
    (_name, { entry, functionId }) => {
      const id = functionId(stack);
      const reads = secretsReadBy(id).filter((secret) => secret === shippingSecretId());
      if (uses(entry, 'shipping')) {
        expect(variablesOf(template, id).SHIPPING_SECRET_ARN).toEqual({ Ref: shippingSecretId() });
        expect(reads).toEqual([shippingSecretId()]);
      } else {
        expect(variablesOf(template, id).SHIPPING_SECRET_ARN).toBeUndefined();
        expect(reads).toEqual([]);
      }
    },
  );

  /**
   * The secrets a function may read (logical ids), each grant exactly read access. CDK merges a function's grants of
   * the same actions into one statement, so a function with both secrets reads them through one statement.
   */
  const secretsReadBy = (id: string): string[] => {
    const statements = roleStatements(template, id).filter((s) =>
      [s.Action].flat().some((action) => action.startsWith('secretsmanager:')),
    );
    for (const statement of statements) {
      expect(statement.Effect).toBe('Allow');
      expect([statement.Action].flat().sort()).toEqual([
        'secretsmanager:DescribeSecret',
        'secretsmanager:GetSecretValue',
      ]);
    }
    return statements.flatMap((s) =>
      ([s.Resource].flat() as { Ref?: string }[]).map((resource) => resource.Ref ?? JSON.stringify(resource)),
    );
  };

  test.each(ENTRIES.map((entry) => [entry.name, entry] as const))(
    '%s: LINK_SIGNING_SECRET_ARN and read access exactly when it signs or checks links',
    (_name, { entry, functionId }) => {
      const id = functionId(stack);
      const reads = secretsReadBy(id).filter((secret) => secret === linkSecretId());
      if (uses(entry, 'links')) {
        expect(variablesOf(template, id).LINK_SIGNING_SECRET_ARN).toEqual({ Ref: linkSecretId() });
        expect(reads).toEqual([linkSecretId()]);
      } else {
        expect(variablesOf(template, id).LINK_SIGNING_SECRET_ARN).toBeUndefined();
        expect(reads).toEqual([]);
      }
    },
  );

  test('no Stripe key anywhere in the template', () => {
    expect(JSON.stringify(template.toJSON())).not.toMatch(/\b(sk|rk)_(live|test)_|whsec_[A-Za-z0-9]/);
  });

  test.each(ENTRIES.map((entry) => [entry.name, entry] as const))(
    '%s: STRIPE_SECRET_ARN and read access exactly when it uses Stripe',
    (_name, { entry, functionId }) => {
      const id = functionId(stack);
      // Every secret it reads but the links' key and the shipping provider's: the Stripe secret or nothing.
      const reads = secretsReadBy(id).filter((secret) => secret !== linkSecretId() && secret !== shippingSecretId());
      if (uses(entry, 'stripe')) {
        expect(variablesOf(template, id).STRIPE_SECRET_ARN).toEqual({ Ref: secretId() });
        expect(reads).toEqual([secretId()]);
      } else {
        expect(variablesOf(template, id).STRIPE_SECRET_ARN).toBeUndefined();
        expect(reads).toEqual([]);
      }
    },
  );

  test('Stripe Tax is off unless the stage turns it on (-c stripeTax=true): then STRIPE_TAX=on where Stripe is used', () => {
    for (const { functionId } of ENTRIES) expect(variablesOf(template, functionId(stack)).STRIPE_TAX).toBeUndefined();
    const on = synthShop({ context: { ...FULL_CONTEXT, stripeTax: 'true' } });
    for (const { name, entry, functionId } of ENTRIES)
      expect([name, variablesOf(on.whole, functionId(on.stack)).STRIPE_TAX]).toEqual([
        name,
        uses(entry, 'stripe') ? 'on' : undefined,
      ]);
  });

  test('the triggers get neither', () => {
    for (const fn of stack.triggerFunctions.values()) {
      expect(variablesOf(template, idOf(stack, fn)).STRIPE_SECRET_ARN).toBeUndefined();
      // Only what every function has: sending its traces to X-Ray.
      expect(roleStatements(template, idOf(stack, fn))).toEqual([
        { Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Effect: 'Allow', Resource: '*' },
      ]);
    }
  });
});

describe('SES: a domain identity made by the stack', () => {
  let stack: ShopStack;
  let template: Template;
  beforeAll(() => ({ stack, whole: template } = synthShop({ context: FULL_CONTEXT })));
  // Ref of an AWS::SES::EmailIdentity is the identity itself (the domain or address).
  const names = () => ({
    'AWS::Partition': 'aws',
    'AWS::Region': 'eu-west-1',
    'AWS::AccountId': '123456789012',
    [idOf(stack, stack.mail!.identity)]: 'example.com',
  });

  test('the identity with Easy DKIM; its three DNS records are outputs', () => {
    template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.com' });
    for (const n of [1, 2, 3])
      template.hasOutput(`DkimRecord${n}`, { Value: Match.objectLike({ 'Fn::Join': Match.anyValue() }) });
    template.hasOutput('MailFrom', { Value: FULL_CONTEXT.mailFrom });
  });

  test.each(ENTRIES.map((entry) => [entry.name, entry] as const))(
    '%s: may send from the identity only, exactly when it mails',
    (_name, { entry, functionId }) => {
      const id = functionId(stack);
      const sesStatements = roleStatements(template, id).filter((s) =>
        [s.Action].flat().some((action) => action.startsWith('ses:')),
      );
      const variables = variablesOf(template, id);
      if (uses(entry, 'ses')) {
        expect(sesStatements).toHaveLength(1);
        expect([sesStatements[0].Action].flat().sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
        expect(renderCfnString(sesStatements[0].Resource, names())).toBe(
          'arn:aws:ses:eu-west-1:123456789012:identity/example.com',
        );
        expect(variables).toMatchObject({ MAIL_FROM: FULL_CONTEXT.mailFrom, SHOP_EMAIL: FULL_CONTEXT.shopEmail });
      } else {
        expect(sesStatements).toEqual([]);
        expect(variables.MAIL_FROM).toBeUndefined();
      }
    },
  );

  test('no SES statement anywhere names a wildcard', () => {
    const resources = Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
      .filter((s: { Action: string | string[] }) => [s.Action].flat().some((action) => action.startsWith('ses:')))
      .map((s: { Resource: unknown }) => JSON.stringify(s.Resource));
    expect(resources.length).toBeGreaterThan(0);
    for (const resource of resources) expect(resource).not.toContain('*');
  });

  test('the sender defaults to no-reply@<domain>', () => {
    const { stack: s } = synthShop({ context: { ...FULL_CONTEXT, mailFrom: undefined } });
    expect(s.mail?.from).toBe('no-reply@example.com');
  });
});

describe('SES: other identities', () => {
  test('an address identity: made by the stack, no DKIM outputs, the address is the sender', () => {
    const { stack, template } = synthShop({
      context: { ...FULL_CONTEXT, sesIdentity: 'shop@example.org', mailFrom: undefined },
    });
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'shop@example.org' });
    expect(Object.keys(template.findOutputs('*')).filter((name) => name.startsWith('Dkim'))).toEqual([]);
    expect(stack.mail?.from).toBe('shop@example.org');
  });

  test('sesIdentityExists=true: referenced, not created; the grant still names it alone', () => {
    const { template } = synthShop({ context: { ...FULL_CONTEXT, sesIdentityExists: 'true' } });
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    const statement = Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
      .find((s: { Action: string | string[] }) => [s.Action].flat().includes('ses:SendEmail'));
    expect(
      renderCfnString(statement.Resource, { 'AWS::Partition': 'aws', 'AWS::Region': 'r', 'AWS::AccountId': 'a' }),
    ).toBe('arn:aws:ses:r:a:identity/example.com');
  });

  test('a sender outside the identity is refused at synth, naming both', () => {
    expect(() => synthShop({ context: { ...FULL_CONTEXT, mailFrom: 'shop@other.com' } })).toThrow(
      /mailFrom "shop@other.com" does not belong to the SES identity "example.com"/,
    );
    expect(() =>
      synthShop({ context: { ...FULL_CONTEXT, sesIdentity: 'a@example.com', mailFrom: 'b@example.com' } }),
    ).toThrow(/sends only as itself/);
  });

  test('a subdomain of the identity is a valid sender', () => {
    const { stack } = synthShop({ context: { ...FULL_CONTEXT, mailFrom: 'orders@mail.example.com' } });
    expect(stack.mail?.from).toBe('orders@mail.example.com');
  });

  test('dev without an identity: no function may send, no sender set, and synth warns', () => {
    const { stack, whole: template } = synthShop();
    const sesActions = Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
      .flatMap((s: { Action: string | string[] }) => [s.Action].flat())
      .filter((action: string) => action.startsWith('ses:'));
    expect(sesActions).toEqual([]);
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    for (const fn of stack.mailFunctions) expect(variablesOf(template, idOf(stack, fn)).MAIL_FROM).toBeUndefined();
    expect(Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('No sesIdentity'))).toHaveLength(1);
  });
});

describe("the shop's postal address (the footer of reminders and back-in-stock mails, decision 0078)", () => {
  test('given: every function that writes such mail has it, and no other', () => {
    const { stack, whole: template } = synthShop({ context: FULL_CONTEXT });
    for (const { name, entry, functionId } of ENTRIES) {
      const value = variablesOf(template, functionId(stack)).SHOP_POSTAL_ADDRESS;
      expect([name, value]).toEqual([name, uses(entry, 'links') ? FULL_CONTEXT.shopPostalAddress : undefined]);
    }
  });

  test('not given: no function has one (such mail is then not sent) and synth warns', () => {
    const { stack, whole: template } = synthShop();
    for (const { functionId } of ENTRIES)
      expect(variablesOf(template, functionId(stack)).SHOP_POSTAL_ADDRESS).toBeUndefined();
    expect(Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('No shopPostalAddress'))).toHaveLength(
      1,
    );
  });
});
