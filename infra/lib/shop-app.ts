import { App, type AppProps } from 'aws-cdk-lib';
import { ShopStack } from './shop-stack';

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;

/**
 * Builds the CDK app: one shop stack for the stage given as context (`-c stage=prod`; cdk.json says `dev`).
 * The stack is environment-agnostic, so synth needs no credentials and does no lookups.
 */
export function createShopApp(props?: AppProps): { app: App; stack: ShopStack } {
  const app = new App(props);
  const stage = String(app.node.tryGetContext('stage') ?? 'dev');
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(
      `The stage "${stage}" is not usable: use up to 20 lower-case letters, digits and dashes, starting with a letter (e.g. -c stage=prod).`,
    );
  }
  const stack = new ShopStack(app, `Shop-${stage}`, {
    stage,
    description: `Seasonal shop (${stage})`,
    tags: { app: 'seasonal-shop', stage },
    mail: { from: optionalString(app, 'mailFrom'), shopEmail: optionalString(app, 'shopEmail') },
    siteUrl: optionalString(app, 'siteUrl'),
  });
  return { app, stack };
}

function optionalString(app: App, key: string): string | undefined {
  const value = app.node.tryGetContext(key);
  return typeof value === 'string' && value !== '' ? value : undefined;
}
