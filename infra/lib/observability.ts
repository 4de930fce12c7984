import { CfnOutput, Stack } from 'aws-cdk-lib';
import { COGNITO_TRIGGERS, type JobDef } from '#shared/jobs';
import { RATE_LIMIT_GROUPS } from '#shared/rate-limits';
import { routeId, type RouteDef } from '#shared/routes';
import { TABLE_KEYS } from '../../functions/db/table-definition';
import { ShopAlarmsStack, type ShopAlarms, type WatchedFunction } from './alarms';
import { sharedLabel } from './route-areas';
import { ShopDashboard } from './dashboard';
import type { ShopStack } from './shop-stack';

export interface WatchProps {
  routes: readonly RouteDef[];
  jobs: readonly JobDef[];
  /** Subscribed to the alarm topic when given (context `alarmEmail`). */
  alarmEmail?: string;
}

/**
 * The alarms of the stage (one per function, the API's 5xx rate, table throttles, failed mails; all to one topic),
 * in their nested stack (a route's function's beside it in its area's stack), and its one dashboard (business figures, the API, each function, the table), which stays
 * in the shop stack: its name is fixed (`Shop-<stage>-<region>`), and a dashboard made anew under a name that
 * still exists fails the deploy.
 */
export function watchStage(
  stack: ShopStack,
  props: WatchProps,
): { alarmsStack: ShopAlarmsStack; alarms: ShopAlarms; dashboard: ShopDashboard } {
  const { routes } = props;
  // Jobs, triggers and the image pipeline: the functions that answer no route. A job's is watched beside it, in the
  // jobs' nested stack; the others' alarms are in the alarms' stack.
  const jobs = props.jobs.map((job) => ({
    label: `job ${job.handler}`,
    fn: stack.jobFunctions.get(routeId(job))!,
  }));
  const shopOwn: WatchedFunction[] = [
    ...COGNITO_TRIGGERS.map((trigger) => ({
      label: `Cognito ${trigger.operation} trigger`,
      fn: stack.triggerFunctions.get(routeId(trigger))!,
    })),
    { label: 'image pipeline', fn: stack.imageFunction },
  ];
  const alarmsStack = new ShopAlarmsStack(stack, 'Alarms', {
    stage: stack.stage,
    api: stack.api,
    table: stack.table,
    indexNames: TABLE_KEYS.globalSecondaryIndexes.map((gsi) => gsi.indexName),
    functions: shopOwn,
    mailLogGroups: stack.mailFunctions.filter((fn) => Stack.of(fn) === stack).map((fn) => fn.logGroup),
    email: props.alarmEmail,
  });
  const { alarms } = alarmsStack;
  // A route's function is watched beside it, in its area's nested stack: one alarm per function (a module serving
  // several routes, the page function, is one function).
  const mailing = new Set(stack.mailFunctions);
  for (const { label, fn } of jobs) {
    alarms.watch(Stack.of(fn), label, fn);
    if (mailing.has(fn)) alarms.countMailFailures(Stack.of(fn), `${fn.node.id}MailFailed`, fn.logGroup);
  }
  for (const area of stack.areaStacks) {
    for (const [id, fn] of area.functions) {
      const served = routes.filter((route) => routeId(route) === id);
      alarms.watch(area, sharedLabel(served, `pages (${served[0].handler})`), fn);
      if (mailing.has(fn)) alarms.countMailFailures(area, `${fn.node.id}MailFailed`, fn.logGroup);
    }
  }
  new CfnOutput(stack, 'AlarmTopicArn', { value: alarms.topic.topicArn, description: 'Alarms of this stage go here' });

  const dashboard = new ShopDashboard(stack, 'Dashboard', {
    stage: stack.stage,
    namespace: stack.metricsNamespace,
    api: stack.api,
    table: stack.table,
    routes: routes.map((route) => ({
      label: `${route.method} ${route.path}`,
      fn: stack.routeFunctions.get(routeId(route))!,
    })),
    others: [...jobs, ...shopOwn],
    rateLimits: stack.rateLimits ? RATE_LIMIT_GROUPS : undefined,
  });
  return { alarmsStack, alarms, dashboard };
}
