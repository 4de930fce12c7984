import { App, Fn, type AppProps } from 'aws-cdk-lib';
import { EDGE_REGION, edgeStackName, ShopEdgeStack, WEB_ACL_ARN_OUTPUT } from './rate-limits';
import { stageSettingsFromContext } from './settings';
import { ShopStack, type ShopStackProps } from './shop-stack';

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;

/**
 * Builds the CDK app: one shop stack for the stage given as context (`-c stage=prod`; cdk.json says `dev`), with
 * the stage's settings from context (infra/lib/settings.ts; the README's Deploy section lists them). The stack is
 * environment-agnostic, so synth needs no credentials and does no lookups.
 */
export function createShopApp(
  props: AppProps & {
    /** What tests may give the shop stack besides the context: another route table and where its handlers are. */
    shopStack?: Pick<ShopStackProps, 'routes' | 'entryOf'>;
  } = {},
): { app: App; stack: ShopStack; edge?: ShopEdgeStack } {
  const { shopStack, ...appProps } = props;
  const app = new App(appProps);
  const stage = String(app.node.tryGetContext('stage') ?? 'dev');
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(
      `The stage "${stage}" is not usable: use up to 20 lower-case letters, digits and dashes, starting with a letter (e.g. -c stage=prod).`,
    );
  }
  const settings = stageSettingsFromContext(stage, (key) => app.node.tryGetContext(key));
  // The distribution's web ACL must live in us-east-1: a small stack there, read by the shop stack at deploy time
  // with Fn::GetStackOutput, so the shop stack stays environment-agnostic (docs/decisions/0025).
  const edge =
    settings.rateLimits?.enabled === false
      ? undefined
      : new ShopEdgeStack(app, edgeStackName(stage), {
          stage,
          scale: settings.rateLimits?.scale ?? 1,
          managedRules: settings.managedRules,
          description: `Seasonal shop (${stage}): the distribution's web ACL (rate limits)`,
          tags: { app: 'seasonal-shop', stage },
        });
  const stack = new ShopStack(app, `Shop-${stage}`, {
    stage,
    description: `Seasonal shop (${stage})`,
    tags: { app: 'seasonal-shop', stage },
    ...settings,
    webAclArn: edge && Fn.getStackOutput(edge.stackName, WEB_ACL_ARN_OUTPUT, EDGE_REGION),
    ...shopStack,
  });
  if (edge) stack.addStackDependency(edge, 'the distribution uses the web ACL of the edge stack');
  return { app, stack, edge };
}
