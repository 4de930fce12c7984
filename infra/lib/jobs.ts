import { NestedStack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import type { JobDef } from '#shared/jobs';
import { routeId } from '#shared/routes';
import type { ShopFunctions } from './route-functions';
import type { ShopFunction } from './shop-function';

/**
 * The scheduled jobs, in a nested stack of their own (docs/decisions/0183): one function and one EventBridge rule per
 * entry of the job table (shared/jobs.ts), each with the grants its entry declares, and (added by the alarms,
 * observability.ts) each function's alarm. A job's function, log group, rule, invoke permission and alarm count here,
 * not against the shop stack's 350 resources, where the routes keep theirs; its role (one per permission profile,
 * shared with the routes) stays in the shop stack.
 */
export class ShopJobsStack extends NestedStack {
  /** Each job's function, by `routeId(job)`. */
  readonly functions = new Map<string, ShopFunction>();

  constructor(
    scope: Construct,
    id: string,
    props: { stage: string; functions: ShopFunctions; jobs: readonly JobDef[] },
  ) {
    super(scope, id, { description: `Seasonal shop (${props.stage}): the scheduled jobs` });
    for (const job of props.jobs) {
      const jobId = routeId(job);
      const fn = props.functions.create(
        `Job${jobId}Function`,
        `functions/jobs/${job.handler}.ts`,
        `job ${job.handler}`,
        job,
        this,
      );
      new Rule(this, `Job${jobId}Schedule`, {
        description: job.summary,
        schedule: Schedule.expression(job.schedule),
        targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
      });
      this.functions.set(jobId, fn);
    }
  }
}
