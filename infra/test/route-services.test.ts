import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { ROUTES, type RouteDef } from '#shared/routes';
import { ShopStack } from '../lib/shop-stack';
import { logicalIdOf, resourcesOf, TEST_CONTEXT, testOutdir, wholeTemplate } from './synth';

/**
 * The stack takes any route list: here one table route declaring every service of `uses`, which no route of the
 * current table does yet. Its function must get exactly those grants and settings.
 */
describe('a route that uses S3, Cognito and SES', () => {
  const base = ROUTES.find((route) => route.table === 'read') as RouteDef;
  const route: RouteDef = { ...base, uses: ['s3', 'cognito', 'ses'] };
  let template: Template;
  let stack: ShopStack;

  beforeAll(() => {
    const app = new App({ outdir: testOutdir(), context: TEST_CONTEXT });
    stack = new ShopStack(app, 'Shop-test', {
      stage: 'test',
      routes: [route],
      jobs: [],
      mail: { identity: 'example.com' },
    });
    // The whole stage: the route's function lives in its area's nested stack (decision 0094).
    template = wholeTemplate(stack);
  });

  test('one route, one route function', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Route', 1);
    expect(stack.routeFunctions.size).toBe(1);
  });

  test('gets the settings and the grants it declares', () => {
    const [routeFunction] = stack.routeFunctions.values();
    const fn = resourcesOf(template, 'AWS::Lambda::Function')[logicalIdOf(routeFunction)];
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['IMAGES_BUCKET', 'USER_POOL_ID', 'TABLE_NAME']),
    );
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const actions = Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
      .flatMap((statement: { Action: string | string[] }) => [statement.Action].flat());
    expect(actions).toEqual(
      expect.arrayContaining([
        's3:GetObject*',
        's3:PutObject',
        'cognito-idp:AdminGetUser',
        'ses:SendEmail',
        'dynamodb:GetItem',
      ]),
    );
    expect(actions.filter((action) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(action))).toEqual([]);
  });
});
