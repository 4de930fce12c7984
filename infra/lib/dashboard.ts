import { Aws, CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  PeriodOverride,
  SingleValueWidget,
  TextWidget,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { BUSINESS_METRICS, METRICS_SERVICE, type BusinessMetric } from '#shared/observability';
import { isCognitoGroup, type RateLimitGroup } from '#shared/rate-limits';
import type { WatchedFunction } from './alarms';
import { EDGE_REGION, edgeStackName, ruleMetricName, WEB_ACL_SUFFIX } from './rate-limits';

/** Graphs show hourly sums (business) and 5-minute points (technical). */
const HOUR = Duration.hours(1);
const FIVE_MINUTES = Duration.minutes(5);
/** The latency percentiles shown for the API and for each function. */
export const LATENCY_STATISTICS = ['p50', 'p95', 'p99'] as const;

export interface ShopDashboardProps {
  stage: string;
  /** Namespace of the business metrics, `Shop/<stage>`. */
  namespace: string;
  api: HttpApi;
  table: Table;
  /** One function per route, labelled `METHOD /path`: errors and latency each. */
  routes: readonly WatchedFunction[];
  /** The other functions (jobs, Cognito triggers): errors and duration each. */
  others: readonly WatchedFunction[];
  /**
   * The per-client rate limits' groups when the stage has them (docs/decisions/0025). In AWS WAF refuses those
   * requests before any function runs, so the figures are WAF's own metrics (`AWS/WAFV2` `BlockedRequests` of each
   * rule): the API's groups from the edge web ACL in us-east-1, sign-up and password reset from the user pool's.
   */
  rateLimits?: readonly RateLimitGroup[];
}

/**
 * The one CloudWatch dashboard of a stage (`Shop-<stage>-<region>`, output `DashboardUrl`): business figures first
 * (orders, revenue, failed and cancelled payments, promo redemptions, replacements from the functions' embedded
 * metrics; rate-limited requests from WAF), then the API (requests, 4xx, 5xx, latency), then each route's function
 * (errors and p50/p95/p99 duration), the jobs and triggers, and the table (throttles, capacity). Alarms are apart
 * (alarms.ts); this is where an operator looks first.
 */
export class ShopDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: ShopDashboardProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.dashboard = new Dashboard(this, 'Resource', {
      dashboardName: `${stack.stackName}-${Aws.REGION}`,
      defaultInterval: Duration.days(7),
      periodOverride: PeriodOverride.INHERIT,
    });
    const business = (key: BusinessMetric, period = HOUR) =>
      new Metric({
        namespace: props.namespace,
        metricName: BUSINESS_METRICS[key].name,
        dimensionsMap: { service: METRICS_SERVICE },
        statistic: 'Sum',
        period,
        label: BUSINESS_METRICS[key].label,
      });
    const revenueDollars = (period = HOUR) =>
      new MathExpression({
        expression: 'FILL(cents, 0) / 100',
        usingMetrics: { cents: business('revenueCents', period) },
        label: 'Revenue (USD)',
        period,
      });
    const counts: BusinessMetric[] = [
      'ordersPlaced',
      'paymentsFailed',
      'paymentsCancelled',
      'promoRedemptions',
      'replacements',
    ];
    // What WAF held back, rule by rule; a CloudFront web ACL's metrics have no Region dimension, a regional one's do.
    const blocked = (group: RateLimitGroup, period: Duration) =>
      isCognitoGroup(group)
        ? new Metric({
            namespace: 'AWS/WAFV2',
            metricName: 'BlockedRequests',
            dimensionsMap: {
              Region: Aws.REGION,
              Rule: ruleMetricName(group),
              WebACL: `${stack.stackName}-${WEB_ACL_SUFFIX.userPool}`,
            },
            statistic: 'Sum',
            period,
            label: group.id,
          })
        : new Metric({
            namespace: 'AWS/WAFV2',
            metricName: 'BlockedRequests',
            dimensionsMap: {
              Rule: ruleMetricName(group),
              WebACL: `${edgeStackName(props.stage)}-${WEB_ACL_SUFFIX.edge}`,
            },
            region: EDGE_REGION,
            statistic: 'Sum',
            period,
            label: group.id,
          });
    // One figure per web ACL (a math expression cannot mix regions): the sum of its rules.
    const rateLimited = (period: Duration) =>
      [
        {
          id: 'edge',
          label: 'Rate-limited requests (API)',
          groups: (props.rateLimits ?? []).filter((group) => !isCognitoGroup(group)),
        },
        {
          id: 'pool',
          label: 'Rate-limited requests (sign-up, password reset)',
          groups: (props.rateLimits ?? []).filter(isCognitoGroup),
        },
      ]
        .filter(({ groups }) => groups.length > 0)
        .map(
          ({ id, label, groups }) =>
            new MathExpression({
              expression: groups.map((_group, i) => `FILL(${id}${i}, 0)`).join(' + '),
              usingMetrics: Object.fromEntries(groups.map((group, i) => [`${id}${i}`, blocked(group, period)])),
              label,
              period,
            }),
        );

    this.dashboard.addWidgets(
      new TextWidget({
        markdown:
          `# Shop ${props.stage}\n` +
          `Business figures come from the functions' embedded metrics (namespace \`${props.namespace}\`, dimension \`service=${METRICS_SERVICE}\`; ` +
          "names in shared/observability.ts). Traces: X-Ray, every function. Alarms: the stage's alarm topic.",
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      new SingleValueWidget({
        title: "Business, over the dashboard's time range",
        metrics: [
          business('ordersPlaced'),
          revenueDollars(),
          ...counts.slice(1).map((key) => business(key)),
          ...rateLimited(HOUR),
        ],
        setPeriodToTimeRange: true,
        width: 24,
        height: 4,
      }),
    );
    this.dashboard.addWidgets(
      graph(
        'Orders, payments, promo redemptions and replacements (per hour)',
        counts.map((key) => business(key)),
        12,
      ),
      graph('Revenue (USD per hour)', [revenueDollars()], 12),
    );

    if (props.rateLimits?.length) {
      this.dashboard.addWidgets(
        graph(
          'Requests held back by the rate limits, per rule (WAF, per 5 minutes)',
          props.rateLimits.map((group) => blocked(group, FIVE_MINUTES)),
          24,
        ),
      );
    }

    // The API as the shopper sees it (through CloudFront, every answer passes here).
    this.dashboard.addWidgets(
      graph(
        'API requests, 4xx and 5xx (per 5 minutes)',
        [
          props.api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum', label: 'requests' }),
          props.api.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum', label: '4xx' }),
          props.api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum', label: '5xx' }),
        ],
        12,
      ),
      graph(
        'API latency (ms)',
        LATENCY_STATISTICS.map((statistic) =>
          props.api.metricLatency({ period: FIVE_MINUTES, statistic, label: statistic }),
        ),
        12,
      ),
    );

    // Each function: its errors (right axis) and p50/p95/p99 duration (left), titled by its route.
    const functionWidget = ({ label, fn }: WatchedFunction): IWidget =>
      new GraphWidget({
        title: label,
        left: LATENCY_STATISTICS.map((statistic) =>
          fn.metricDuration({ period: FIVE_MINUTES, statistic, label: `${statistic} ms` }),
        ),
        right: [fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum', label: 'errors' })],
        leftYAxis: { min: 0, showUnits: false },
        rightYAxis: { min: 0, showUnits: false },
        width: 8,
        height: 5,
      });
    this.dashboard.addWidgets(
      new TextWidget({ markdown: '## Route functions: duration p50/p95/p99 (ms) and errors', width: 24, height: 1 }),
    );
    addInRows(this.dashboard, props.routes.map(functionWidget), 3);
    this.dashboard.addWidgets(new TextWidget({ markdown: '## Jobs and Cognito triggers', width: 24, height: 1 }));
    addInRows(this.dashboard, props.others.map(functionWidget), 3);

    // The table: throttles (any is worth a look) and the capacity on-demand billing counts.
    const tableMetric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.table.tableName },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    this.dashboard.addWidgets(
      graph(
        'Table throttles (per 5 minutes)',
        [
          tableMetric('ReadThrottleEvents').with({ label: 'read throttles' }),
          tableMetric('WriteThrottleEvents').with({ label: 'write throttles' }),
        ],
        12,
      ),
      graph(
        'Table capacity used (per 5 minutes)',
        [
          tableMetric('ConsumedReadCapacityUnits').with({ label: 'read units' }),
          tableMetric('ConsumedWriteCapacityUnits').with({ label: 'write units' }),
        ],
        12,
      ),
    );

    new CfnOutput(stack, 'DashboardUrl', {
      value: `https://${Aws.REGION}.console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}#dashboards/dashboard/${this.dashboard.dashboardName}`,
      description: "The stage's CloudWatch dashboard: business figures, API, every function, the table",
    });
  }
}

function graph(title: string, left: IMetric[], width: number): GraphWidget {
  return new GraphWidget({ title, left, width, height: 6, leftYAxis: { min: 0, showUnits: false } });
}

function addInRows(dashboard: Dashboard, widgets: IWidget[], perRow: number): void {
  for (let i = 0; i < widgets.length; i += perRow) dashboard.addWidgets(...widgets.slice(i, i + perRow));
}
