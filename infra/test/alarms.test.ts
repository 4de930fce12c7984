import { Match, type Template } from 'aws-cdk-lib/assertions';
import { TABLE_KEYS } from '../../functions/db/table-definition';
import { COGNITO_TRIGGERS, JOBS } from '../../shared/jobs';
import { LOG_EVENT } from '../../shared/observability';
import { ROUTES as ROUTE_TABLE, type RouteDef } from '../../shared/routes';
import { API_5XX_PERCENT, MAIL_FAILED_METRIC } from '../lib/alarms';
import type { ShopStack } from '../lib/shop-stack';
import { FULL_CONTEXT, resourcesOf, synthShop, type CfnResource } from './synth';

/** Point 10 (alarms) of the production issue. */
const ROUTES: readonly RouteDef[] = ROUTE_TABLE;
const FUNCTION_COUNT = ROUTES.length + JOBS.length + COGNITO_TRIGGERS.length;
/** The API's 5xx rate, table throttles, failed mail sends. */
const STACK_ALARMS = 3;

let stack: ShopStack;
let template: Template;
beforeAll(() => ({ stack, template } = synthShop({ context: FULL_CONTEXT })));

const idOf = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as Parameters<ShopStack['getLogicalId']>[0]);
const alarms = () => Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
const topicId = () => idOf(stack.alarms.topic);
const allFunctions = () => [...stack.routeFunctions.values(), ...stack.jobFunctions.values(), ...stack.triggerFunctions.values()];

test('two alarms per function (every route, job and trigger) plus the three stack alarms', () => {
  expect(allFunctions()).toHaveLength(FUNCTION_COUNT);
  template.resourceCountIs('AWS::CloudWatch::Alarm', 2 * FUNCTION_COUNT + STACK_ALARMS);
});

test('every alarm tells the one topic', () => {
  template.resourceCountIs('AWS::SNS::Topic', 1);
  for (const alarm of alarms()) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId() }]);
});

test('each function: Errors >= 1 and Throttles >= 1 over 5 minutes', () => {
  for (const fn of allFunctions()) {
    const mine = (metric: string) =>
      alarms().filter(
        (alarm) => alarm.Properties.MetricName === metric && JSON.stringify(alarm.Properties.Dimensions) === JSON.stringify([{ Name: 'FunctionName', Value: { Ref: idOf(fn) } }]),
      );
    for (const metric of ['Errors', 'Throttles']) {
      expect({ fn: fn.node.id, metric, count: mine(metric).length }).toEqual({ fn: fn.node.id, metric, count: 1 });
      expect(mine(metric)[0].Properties).toMatchObject({
        Namespace: 'AWS/Lambda',
        Statistic: 'Sum',
        Period: 300,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
        TreatMissingData: 'notBreaching',
      });
    }
  }
});

test(`the HTTP API: 5xx answers over all answers in 5 minutes above ${API_5XX_PERCENT}%`, () => {
  const rate = alarms().find((alarm) => alarm.Properties.Metrics?.some((m: { Expression?: string }) => m.Expression?.includes('errors / requests')))!;
  expect(rate.Properties).toMatchObject({ Threshold: API_5XX_PERCENT, ComparisonOperator: 'GreaterThanThreshold' });
  const byId = Object.fromEntries(rate.Properties.Metrics.map((m: { Id: string }) => [m.Id, m]));
  for (const [id, name] of [['errors', '5xx'], ['requests', 'Count']]) {
    expect(byId[id].MetricStat).toEqual({
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: name, Dimensions: [{ Name: 'ApiId', Value: { Ref: idOf(stack.api) } }] },
      Period: 300,
      Stat: 'Sum',
    });
    expect(byId[id].ReturnData).toBe(false);
  }
});

test('the table: read and write throttle events of the table and of every index', () => {
  const throttles = alarms().find((alarm) => alarm.Properties.Metrics?.some((m: { Expression?: string }) => m.Expression?.includes('FILL(read0')))!;
  const stats = throttles.Properties.Metrics.filter((m: CfnResource) => m.MetricStat).map((m: CfnResource) => m.MetricStat.Metric);
  const seen = stats.map((metric: CfnResource) => `${metric.MetricName}:${metric.Dimensions.find((d: { Name: string }) => d.Name === 'GlobalSecondaryIndexName')?.Value ?? 'table'}`);
  const expected = [undefined, ...TABLE_KEYS.globalSecondaryIndexes.map((gsi) => gsi.indexName)].flatMap((index) => [
    `ReadThrottleEvents:${index ?? 'table'}`,
    `WriteThrottleEvents:${index ?? 'table'}`,
  ]);
  expect(seen.sort()).toEqual(expected.sort());
  for (const metric of stats) expect(metric.Dimensions).toEqual(expect.arrayContaining([{ Name: 'TableName', Value: { Ref: idOf(stack.table) } }]));
  expect(throttles.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
});

test('failed mails: a metric filter on the log group of every function that mails, one metric, one alarm', () => {
  const mailers = [...ROUTES, ...JOBS].filter((entry) => entry.uses?.includes('ses'));
  expect(stack.mailFunctions).toHaveLength(mailers.length);
  const filters = Object.values(resourcesOf(template, 'AWS::Logs::MetricFilter'));
  expect(filters).toHaveLength(mailers.length);
  const logGroupIds = stack.mailFunctions.map((fn) => ({ Ref: stack.getLogicalId(fn.logGroup.node.defaultChild as Parameters<ShopStack['getLogicalId']>[0]) }));
  expect(filters.map((filter) => filter.Properties.LogGroupName)).toEqual(expect.arrayContaining(logGroupIds));
  for (const filter of filters) {
    expect(filter.Properties.FilterPattern).toBe(`{ $.event = "${LOG_EVENT.mailFailed}" }`);
    expect(filter.Properties.MetricTransformations).toEqual([{ MetricNamespace: 'Shop/dev', MetricName: MAIL_FAILED_METRIC, MetricValue: '1' }]);
  }
  const mailAlarms = alarms().filter((alarm) => alarm.Properties.MetricName === MAIL_FAILED_METRIC);
  expect(mailAlarms).toHaveLength(1);
  expect(mailAlarms[0].Properties).toMatchObject({ Namespace: 'Shop/dev', Statistic: 'Sum', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
});

test('the topic: encrypted with the stack\'s rotating key that CloudWatch may use, TLS only, CloudWatch of this account may publish', () => {
  const topic = template.toJSON().Resources[topicId()];
  const [keyId, key] = Object.entries(resourcesOf(template, 'AWS::KMS::Key'))[0];
  expect(topic.Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
  expect(key.Properties.EnableKeyRotation).toBe(true);
  expect(key.Properties.KeyPolicy.Statement).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ Effect: 'Allow', Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] }),
    ]),
  );
  template.hasResourceProperties('AWS::SNS::TopicPolicy', {
    Topics: [{ Ref: topicId() }],
    PolicyDocument: {
      Statement: Match.arrayWith([
        Match.objectLike({ Effect: 'Deny', Action: 'sns:Publish', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
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
  template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: FULL_CONTEXT.alarmEmail, TopicArn: { Ref: topicId() } });
  synthShop().template.resourceCountIs('AWS::SNS::Subscription', 0);
});
