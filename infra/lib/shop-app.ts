import { App, type AppProps } from 'aws-cdk-lib';
import { stageSettingsFromContext } from './settings';
import { ShopStack } from './shop-stack';

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;

/**
 * Builds the CDK app: one shop stack for the stage given as context (`-c stage=prod`; cdk.json says `dev`), with
 * the stage's settings from context (infra/lib/settings.ts; the README's Deploy section lists them). The stack is
 * environment-agnostic, so synth needs no credentials and does no lookups.
 */
export function createShopApp(props?: AppProps): { app: App; stack: ShopStack } {
  const app = new App(props);
  const stage = String(app.node.tryGetContext('stage') ?? 'dev');
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(
      `The stage "${stage}" is not usable: use up to 20 lower-case letters, digits and dashes, starting with a letter (e.g. -c stage=prod).`,
    );
  }
  const settings = stageSettingsFromContext(stage, (key) => app.node.tryGetContext(key));
  const stack = new ShopStack(app, `Shop-${stage}`, {
    stage,
    description: `Seasonal shop (${stage})`,
    tags: { app: 'seasonal-shop', stage },
    ...settings,
  });
  return { app, stack };
}
