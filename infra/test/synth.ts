import { Aspects } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks, type NagPackProps } from 'cdk-nag';
import cdkJson from '../../cdk.json';
import { createShopApp } from '../lib/shop-app';

export interface SynthOptions {
  /** Context on top of cdk.json's (e.g. `{ stage: 'prod' }`). */
  context?: Record<string, unknown>;
  /** Run the cdk-nag AwsSolutions pack over the app (with these options). */
  nag?: boolean | NagPackProps;
}

/**
 * Synthesises the app as `cdk synth` does (same entry point, cdk.json's context and feature flags) but skips
 * asset bundling (`aws:cdk:bundling-stacks: []`) so a test file takes seconds, not one esbuild run per route.
 * Entry files are still checked: NodejsFunction throws when a route's handler module is missing.
 */
export function synthShop(options: SynthOptions = {}) {
  const { app, stack } = createShopApp({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...options.context },
  });
  if (options.nag) {
    Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true, ...(options.nag === true ? {} : options.nag) }));
  }
  const template = Template.fromStack(stack);
  return { app, stack, template };
}

/** Resources of one type, by logical id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation JSON, read loosely in assertions
export type CfnResource = { Type: string; Properties: any; [key: string]: any };

export function resourcesOf(template: Template, type: string): Record<string, CfnResource> {
  return template.findResources(type) as Record<string, CfnResource>;
}
