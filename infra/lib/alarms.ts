import { ArnFormat, Duration, NestedStack, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { AnyPrincipal, Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { LOG_EVENT } from '#shared/observability';

/** Every alarm looks at 5-minute windows. */
export const ALARM_PERIOD = Duration.minutes(5);
/** The HTTP API alarms when more than this share (%) of its answers in a window are 5xx. */
export const API_5XX_PERCENT = 5;
/** Name of the metric the mail-failure metric filters write (namespace `Shop/<stage>`). */
export const MAIL_FAILED_METRIC = 'MailFailed';

export interface WatchedFunction {
  /** What the function is, for the alarm's description (e.g. "POST /api/forms/contact"). */
  label: string;
  fn: IFunction;
}

export interface ShopAlarmsProps {
  stage: string;
  api: HttpApi;
  table: Table;
  /** Names of the table's global secondary indexes (their throttles count too). */
  indexNames: readonly string[];
  /** The functions of the shop stack itself (jobs, triggers, the image pipeline): one alarm each. */
  functions: readonly WatchedFunction[];
  /** Log groups of the shop stack's functions that send mail: their `mail_failed` events feed one metric. */
  mailLogGroups: readonly ILogGroup[];
  /** Subscribed to the alarm topic when given (context `alarmEmail`). */
  email?: string;
}

/**
 * The alarms of a stage (docs/decisions/0016-alarms.md), all to one SNS topic: the API's 5xx rate, errors and
 * throttles of every function, table throttles, and failed mail sends. The topic is encrypted with a key of
 * this stack (CloudWatch cannot publish to a topic under the AWS-managed SNS key) and refuses plain HTTP.
 */
export class ShopAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  /** The metric failed mail sends are counted in. */
  readonly mailFailed: Metric;
  private readonly action: SnsAction;
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: ShopAlarmsProps) {
    super(scope, id);
    this.stage = props.stage;
    const stack = Stack.of(this);
    const cloudWatch = new ServicePrincipal('cloudwatch.amazonaws.com');

    const key = new Key(this, 'TopicKey', {
      description: `Encrypts the shop's alarm topic (${props.stage})`,
      enableKeyRotation: true,
      // Only messages in flight are encrypted with it; nothing to keep once the topic is gone.
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublishEncrypted',
        principals: [cloudWatch],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    // Grants on the key only for AWS services acting for a resource (Control Tower CT.KMS.PR.3): nobody else
    // needs one.
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'GrantsOnlyForAwsServices',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['kms:CreateGrant'],
        resources: ['*'],
        conditions: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
      }),
    );
    this.topic = new Topic(this, 'Topic', {
      displayName: `Shop ${props.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsOfThisAccount',
        principals: [cloudWatch],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': stack.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    this.action = new SnsAction(this.topic);

    // The API: share of 5xx answers (no traffic: 0).
    this.alarm('Api5xxRate', {
      metric: new MathExpression({
        label: '5xx answers (%)',
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: props.api.metricServerError({ period: ALARM_PERIOD, statistic: 'Sum' }),
          requests: props.api.metricCount({ period: ALARM_PERIOD, statistic: 'Sum' }),
        },
        period: ALARM_PERIOD,
      }),
      threshold: API_5XX_PERCENT,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: `More than ${API_5XX_PERCENT}% of the shop API's answers were 5xx in 5 minutes (${props.stage})`,
    });

    // Each function the shop stack holds (jobs, triggers, the image pipeline); a route's is watched in its area's
    // nested stack (`watch`).
    for (const { label, fn } of props.functions) this.watch(this, label, fn);

    // The table and its indexes: any read or write throttle event.
    const throttleMetrics: Record<string, IMetric> = {};
    const throttle = (name: string, dimensions: Record<string, string>) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName: name,
        dimensionsMap: dimensions,
        statistic: 'Sum',
        period: ALARM_PERIOD,
      });
    [undefined, ...props.indexNames].forEach((indexName, i) => {
      const dimensions = {
        TableName: props.table.tableName,
        ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}),
      };
      throttleMetrics[`read${i}`] = throttle('ReadThrottleEvents', dimensions);
      throttleMetrics[`write${i}`] = throttle('WriteThrottleEvents', dimensions);
    });
    this.alarm('TableThrottles', {
      metric: new MathExpression({
        label: 'Throttled table and index requests',
        expression: Object.keys(throttleMetrics)
          .map((name) => `FILL(${name}, 0)`)
          .join(' + '),
        usingMetrics: throttleMetrics,
        period: ALARM_PERIOD,
      }),
      threshold: 1,
      description: `DynamoDB throttled reads or writes of the shop table in the last 5 minutes (${props.stage})`,
    });

    // A drop's hot keys (issue 57, docs/performance.md "A drop on AWS"): writes refused because one partition's key
    // range passed its 1,000 write units a second, or transactions throttled, in any minute. The table's alarm
    // above sums 5 minutes of every throttle; this one names the cause a drop's shards are sized against.
    const minute = Duration.minutes(1);
    const hot = (metricName: string, dimensions: Record<string, string>) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: dimensions,
        statistic: 'Sum',
        period: minute,
      });
    this.alarm('HotKeyThrottles', {
      metric: new MathExpression({
        label: 'Key-range write throttles + throttled transactions',
        expression: 'FILL(keyRange, 0) + FILL(transactions, 0)',
        usingMetrics: {
          keyRange: hot('WriteKeyRangeThroughputThrottleEvents', { TableName: props.table.tableName }),
          transactions: hot('ThrottledRequests', {
            TableName: props.table.tableName,
            Operation: 'TransactWriteItems',
          }),
        },
        period: minute,
      }),
      threshold: 1,
      description:
        `DynamoDB refused writes to a hot key range (a drop's shards, the order counter) or throttled the take's ` +
        `transactions in the last minute (${props.stage})`,
    });

    // Failed mail sends: functions log {"event": "mail_failed"} (shared/observability.ts).
    this.mailFailed = new Metric({
      namespace: `Shop/${props.stage}`,
      metricName: MAIL_FAILED_METRIC,
      statistic: 'Sum',
      period: ALARM_PERIOD,
    });
    props.mailLogGroups.forEach((logGroup, i) => this.countMailFailures(this, `MailFailedFilter${i + 1}`, logGroup));
    this.alarm('MailFailed', {
      metric: this.mailFailed,
      threshold: 1,
      description: `A mail was not sent (order confirmation or form mail; see the function logs for "${LOG_EVENT.mailFailed}") (${props.stage})`,
    });
  }

  /**
   * One alarm for a function, made in `scope` (a route's area stack, beside the function, so no stack takes every
   * function's name as a parameter): any error or any throttle (two alarms would cost a resource more per function;
   * the alarm's graph still shows which of the two it was).
   */
  watch(scope: Construct, label: string, fn: IFunction): Alarm {
    return this.alarm(
      `${fn.node.id}ErrorsOrThrottles`,
      {
        metric: new MathExpression({
          label: 'Lambda errors + throttles',
          expression: 'FILL(errors, 0) + FILL(throttles, 0)',
          usingMetrics: {
            errors: fn.metricErrors({ period: ALARM_PERIOD, statistic: 'Sum' }),
            throttles: fn.metricThrottles({ period: ALARM_PERIOD, statistic: 'Sum' }),
          },
          period: ALARM_PERIOD,
        }),
        threshold: 1,
        description: `${label} failed (Lambda errors) or was throttled in the last 5 minutes (${this.stage})`,
      },
      scope,
    );
  }

  /** Counts a mailing function's `mail_failed` log events in the failed-mail metric, with a filter made in `scope`. */
  countMailFailures(scope: Construct, id: string, logGroup: ILogGroup): MetricFilter {
    return new MetricFilter(scope, id, {
      logGroup,
      filterPattern: FilterPattern.stringValue('$.event', '=', LOG_EVENT.mailFailed),
      metricNamespace: this.mailFailed.namespace,
      metricName: this.mailFailed.metricName,
      metricValue: '1',
    });
  }

  private alarm(
    id: string,
    options: { metric: IMetric; threshold: number; description: string; comparisonOperator?: ComparisonOperator },
    scope: Construct = this,
  ): Alarm {
    const alarm = new Alarm(scope, id, {
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator: options.comparisonOperator ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      datapointsToAlarm: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: options.description,
    });
    alarm.addAlarmAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }
}

/**
 * The alarms in a nested stack of their own (docs/decisions/0071): the topic and its key, the API's, the table's and
 * the failed mails' alarms, and those of the shop stack's own functions (jobs, triggers, the image pipeline). What
 * they watch comes in as parameters; a route's function is watched in its area's nested stack instead
 * (docs/decisions/0094), so the parameters do not grow with the routes.
 */
export class ShopAlarmsStack extends NestedStack {
  readonly alarms: ShopAlarms;

  constructor(scope: Construct, id: string, props: ShopAlarmsProps) {
    super(scope, id, { description: `Seasonal shop (${props.stage}): the alarms, all to one topic` });
    this.alarms = new ShopAlarms(this, 'Alarms', props);
  }
}
