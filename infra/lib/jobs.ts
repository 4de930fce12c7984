import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import type { JobDef } from '#shared/jobs';
import { routeId } from '#shared/routes';
import type { ShopFunctions } from './route-functions';
import type { ShopFunction } from './shop-function';

/**
 * The scheduled jobs: one function and one EventBridge rule per entry of the job table (shared/jobs.ts), each
 * with the grants its entry declares. Made in the stack's own scope (docs/decisions/0071). Returns each job's
 * function by `routeId(job)`.
 */
export function createJobs(
  scope: Construct,
  functions: ShopFunctions,
  jobs: readonly JobDef[],
): Map<string, ShopFunction> {
  const made = new Map<string, ShopFunction>();
  for (const job of jobs) {
    const id = routeId(job);
    const fn = functions.create(`Job${id}Function`, `functions/jobs/${job.handler}.ts`, `job ${job.handler}`, job);
    new Rule(scope, `Job${id}Schedule`, {
      description: job.summary,
      schedule: Schedule.expression(job.schedule),
      targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
    });
    made.set(id, fn);
  }
  return made;
}
