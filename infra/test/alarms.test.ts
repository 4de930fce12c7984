import { Match, type Template } from 'aws-cdk-lib/assertions';
import { TABLE_KEYS } from '../../functions/db/table-definition';
import { COGNITO_TRIGGERS, JOBS } from '#shared/jobs';
import { LOG_EVENT } from '#shared/observability';
import { ROUTES as ROUTE_TABLE, type RouteDef } from '#shared/routes';
import { API_5XX_PERCENT, MAIL_FAILED_METRIC } from '../lib/alarms';
import type { ShopStack } from '../lib/shop-stack';
import { FULL_CONTEXT, logicalIdOf, resourcesOf, synthShop, type CfnResource } from './synth';

/** Point 10 (alarms) of the production issue. */
const ROUTES: readonly RouteDef[] = ROUTE_TABLE;
/** One function per handler module (the page routes share one), job and trigger, plus the image pipeline. */
const FUNCTION_COUNT = new Set(ROUTES.map((route) => route.handler)).size + JOBS.length + COGNITO_TRIGGERS.length + 1;
/** The API's 5xx rate, table throttles, hot-key throttles (a drop), failed mail sends. */
const STACK_ALARMS = 4;

let stack: ShopStack;
/**
 * The whole stage as one template (synth.ts wholeTemplate): the alarms' nested stack and the routes' areas, their
 * parameters read as the shop stack's resources.
 */
let template: Template;
/** The shop stack itself. */
let shopTemplate: Template;
/** Any stack's template (a nested stack's as written, its parameters unresolved). */
let templateOf: ReturnType<typeof synthShop>['templateOf'];
beforeAll(
  () => ({ stack, whole: template, template: shopTemplate, templateOf } = synthShop({ context: FULL_CONTEXT })),
);

const idOf = logicalIdOf;
const alarms = () => Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
const topicId = () => logicalIdOf(stack.alarms.topic);
const allFunctions = () => [
  ...stack.routeFunctions.values(),
  ...stack.jobFunctions.values(),
  ...stack.triggerFunctions.values(),
  stack.imageFunction,
];

test('one alarm per function (every route, job and trigger, the image pipeline) plus the four stack alarms', () => {
  expect(allFunctions()).toHaveLength(FUNCTION_COUNT);
  template.resourceCountIs('AWS::CloudWatch::Alarm', FUNCTION_COUNT + STACK_ALARMS);
});

test('every alarm tells the one topic', () => {
  template.resourceCountIs('AWS::SNS::Topic', 1);
  for (const alarm of alarms()) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId() }]);
});

test('each function: Errors + Throttles >= 1 over 5 minutes, in its own alarm', () => {
  type Query = {
    Id: string;
    Expression?: string;
    MetricStat?: {
      Metric: { Namespace: string; MetricName: string; Dimensions: unknown };
      Period: number;
      Stat: string;
    };
  };
  for (const fn of allFunctions()) {
    const dimensions = JSON.stringify([{ Name: 'FunctionName', Value: { Ref: idOf(fn) } }]);
    const mine = alarms().filter((alarm) =>
      (alarm.Properties.Metrics as Query[] | undefined)?.some(
        (query) => JSON.stringify(query.MetricStat?.Metric.Dimensions) === dimensions,
      ),
    );
    expect({ fn: fn.node.id, count: mine.length }).toEqual({ fn: fn.node.id, count: 1 });
    const [alarm] = mine;
    expect(alarm.Properties).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    const queries = alarm.Properties.Metrics as Query[];
    const byId = Object.fromEntries(queries.map((query) => [query.Id, query]));
    const [expression] = queries.filter((query) => query.Expression);
    expect(expression.Expression).toBe('FILL(errors, 0) + FILL(throttles, 0)');
    for (const [id, metricName] of [
      ['errors', 'Errors'],
      ['throttles', 'Throttles'],
    ]) {
      expect(byId[id].MetricStat).toMatchObject({
        Metric: { Namespace: 'AWS/Lambda', MetricName: metricName },
        Period: 300,
        Stat: 'Sum',
      });
      expect(JSON.stringify(byId[id].MetricStat!.Metric.Dimensions)).toBe(dimensions);
    }
  }
});

test(`the HTTP API: 5xx answers over all answers in 5 minutes above ${API_5XX_PERCENT}%`, () => {
  const rate = alarms().find((alarm) =>
    alarm.Properties.Metrics?.some((m: { Expression?: string }) => m.Expression?.includes('errors / requests')),
  )!;
  expect(rate.Properties).toMatchObject({ Threshold: API_5XX_PERCENT, ComparisonOperator: 'GreaterThanThreshold' });
  const byId = Object.fromEntries(rate.Properties.Metrics.map((m: { Id: string }) => [m.Id, m]));
  for (const [id, name] of [
    ['errors', '5xx'],
    ['requests', 'Count'],
  ]) {
    expect(byId[id].MetricStat).toEqual({
      Metric: {
        Namespace: 'AWS/ApiGateway',
        MetricName: name,
        Dimensions: [{ Name: 'ApiId', Value: { Ref: idOf(stack.api) } }],
      },
      Period: 300,
      Stat: 'Sum',
    });
    expect(byId[id].ReturnData).toBe(false);
  }
});

test('the table: read and write throttle events of the table and of every index', () => {
  const throttles = alarms().find((alarm) =>
    alarm.Properties.Metrics?.some((m: { Expression?: string }) => m.Expression?.includes('FILL(read0')),
  )!;
  const stats = throttles.Properties.Metrics.filter((m: CfnResource) => m.MetricStat).map(
    (m: CfnResource) => m.MetricStat.Metric,
  );
  const seen = stats.map(
    (metric: CfnResource) =>
      `${metric.MetricName}:${metric.Dimensions.find((d: { Name: string }) => d.Name === 'GlobalSecondaryIndexName')?.Value ?? 'table'}`,
  );
  const expected = [undefined, ...TABLE_KEYS.globalSecondaryIndexes.map((gsi) => gsi.indexName)].flatMap((index) => [
    `ReadThrottleEvents:${index ?? 'table'}`,
    `WriteThrottleEvents:${index ?? 'table'}`,
  ]);
  expect(seen.sort()).toEqual(expected.sort());
  for (const metric of stats)
    expect(metric.Dimensions).toEqual(
      expect.arrayContaining([{ Name: 'TableName', Value: { Ref: idOf(stack.table) } }]),
    );
  expect(throttles.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
});

test("a drop's hot keys: key-range write throttles and throttled transactions of the table, per minute", () => {
  const hot = alarms().find((alarm) =>
    alarm.Properties.Metrics?.some((m: { Expression?: string }) => m.Expression?.includes('FILL(keyRange')),
  )!;
  const stats = hot.Properties.Metrics.filter((m: CfnResource) => m.MetricStat).map((m: CfnResource) => m.MetricStat);
  expect(stats.map((stat: CfnResource) => stat.Metric.MetricName).sort()).toEqual([
    'ThrottledRequests',
    'WriteKeyRangeThroughputThrottleEvents',
  ]);
  for (const stat of stats) {
    expect(stat.Period).toBe(60);
    expect(stat.Metric.Dimensions).toEqual(
      expect.arrayContaining([{ Name: 'TableName', Value: { Ref: idOf(stack.table) } }]),
    );
  }
  const transactions = stats.find((stat: CfnResource) => stat.Metric.MetricName === 'ThrottledRequests');
  expect(transactions.Metric.Dimensions).toEqual(
    expect.arrayContaining([{ Name: 'Operation', Value: 'TransactWriteItems' }]),
  );
  expect(hot.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
});

test('failed mails: a metric filter on the log group of every function that mails, one metric, one alarm', () => {
  const mailers = [...ROUTES, ...JOBS].filter((entry) => entry.uses?.includes('ses'));
  expect(stack.mailFunctions).toHaveLength(mailers.length);
  const filters = Object.values(resourcesOf(template, 'AWS::Logs::MetricFilter'));
  expect(filters).toHaveLength(mailers.length);
  const logGroupIds = stack.mailFunctions.map((fn) => ({ Ref: logicalIdOf(fn.logGroup) }));
  expect(filters.map((filter) => filter.Properties.LogGroupName)).toEqual(expect.arrayContaining(logGroupIds));
  for (const filter of filters) {
    expect(filter.Properties.FilterPattern).toBe(`{ $.event = "${LOG_EVENT.mailFailed}" }`);
    expect(filter.Properties.MetricTransformations).toEqual([
      { MetricNamespace: 'Shop/dev', MetricName: MAIL_FAILED_METRIC, MetricValue: '1' },
    ]);
  }
  const mailAlarms = alarms().filter((alarm) => alarm.Properties.MetricName === MAIL_FAILED_METRIC);
  expect(mailAlarms).toHaveLength(1);
  expect(mailAlarms[0].Properties).toMatchObject({
    Namespace: 'Shop/dev',
    Statistic: 'Sum',
    Threshold: 1,
    ComparisonOperator: 'GreaterThanOrEqualToThreshold',
  });
});

test("the topic: encrypted with the stack's rotating key that CloudWatch may use, TLS only, CloudWatch of this account may publish", () => {
  const topic = template.toJSON().Resources[topicId()];
  const [keyId, key] = Object.entries(resourcesOf(template, 'AWS::KMS::Key'))[0];
  expect(topic.Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
  expect(key.Properties.EnableKeyRotation).toBe(true);
  expect(key.Properties.KeyPolicy.Statement).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      }),
    ]),
  );
  template.hasResourceProperties('AWS::SNS::TopicPolicy', {
    Topics: [{ Ref: topicId() }],
    PolicyDocument: {
      Statement: Match.arrayWith([
        Match.objectLike({
          Effect: 'Deny',
          Action: 'sns:Publish',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
        Match.objectLike({
          Effect: 'Allow',
          Principal: { Service: 'cloudwatch.amazonaws.com' },
          Action: 'sns:Publish',
          Condition: Match.objectLike({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } }),
        }),
      ]),
    },
  });
});

test('the alarm email from context is subscribed; without it there is no subscription', () => {
  template.resourceCountIs('AWS::SNS::Subscription', 1);
  template.hasResourceProperties('AWS::SNS::Subscription', {
    Protocol: 'email',
    Endpoint: FULL_CONTEXT.alarmEmail,
    TopicArn: { Ref: topicId() },
  });
  synthShop().alarmsTemplate.resourceCountIs('AWS::SNS::Subscription', 0);
});

test("no alarm in the shop stack: the stack's own in the alarms' nested stack, a route's or a job's beside its function in its area's or the jobs' stack", () => {
  for (const type of [
    'AWS::CloudWatch::Alarm',
    'AWS::Logs::MetricFilter',
    'AWS::SNS::Topic',
    'AWS::SNS::TopicPolicy',
    'AWS::SNS::Subscription',
    'AWS::KMS::Key',
  ])
    shopTemplate.resourceCountIs(type, 0);
  shopTemplate.hasOutput('AlarmTopicArn', {
    Value: {
      'Fn::GetAtt': [
        stack.getLogicalId(stack.alarmsStack.nestedStackResource!),
        Match.stringLikeRegexp('^Outputs\\..+Topic[0-9A-F]{8}Ref$'),
      ],
    },
  });
  const own = templateOf(stack.alarmsStack);
  own.resourceCountIs(
    'AWS::CloudWatch::Alarm',
    FUNCTION_COUNT - stack.routeFunctions.size - stack.jobFunctions.size + STACK_ALARMS,
  );
  for (const area of stack.areaStacks) {
    templateOf(area).resourceCountIs('AWS::CloudWatch::Alarm', area.functions.size);
  }
  templateOf(stack.jobsStack!).resourceCountIs('AWS::CloudWatch::Alarm', stack.jobFunctions.size);
  expect(stack.jobFunctions.size).toBe(JOBS.length);
  // What the alarms' stack watches comes in as parameters, and no longer grows with the routes (200 at most).
  const parameters = Object.keys(own.toJSON().Parameters ?? {});
  expect(parameters.length).toBeLessThan(FUNCTION_COUNT - stack.routeFunctions.size + 10);
});
