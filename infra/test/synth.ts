import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Aspects, NestedStack, Stack, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks, type NagPackProps } from 'cdk-nag';
import cdkJson from '../../cdk.json';
import { createShopApp } from '../lib/shop-app';

/**
 * Context of a fully configured stage (every setting an operator gives for prod). Tests that check mail,
 * alarms or config.json synthesise with it; `synthShop()` alone is a bare dev stage (cdk.json only).
 */
export const FULL_CONTEXT = {
  sesIdentity: 'example.com',
  mailFrom: 'orders@example.com',
  shopEmail: 'owner@example.com',
  alarmEmail: 'ops@example.com',
  stripePublishableKey: 'pk_test_51Example',
  siteUrl: 'https://shop.example.com',
  shopPostalAddress: '12 Harbor Lane, Portland, ME 04101',
} as const;

/**
 * The two stages the policy checks (cdk-nag, Control Tower guard rules) run on: a bare dev stage (cdk.json only)
 * and a fully configured prod stage with a custom domain.
 */
export const CHECKED_STAGES = [
  { name: 'dev, bare (cdk.json only)', stage: 'dev', context: {}, customDomain: false },
  {
    name: 'prod, fully configured, custom domain',
    stage: 'prod',
    context: {
      ...FULL_CONTEXT,
      stage: 'prod',
      domainName: 'shop.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-0000-4000-8000-000000000000',
    },
    customDomain: true,
  },
] as const;

/**
 * cdk.json's context as a test's in-process synth takes it: no asset bundling, and construct annotations kept as
 * annotations (tests read them with `Annotations.fromStack`), not also printed as a validation report, with a stack
 * trace, on every synth of a bare dev stage (it always carries its setting warnings). The real `cdk synth`
 * (cdk-synth-cli.test.ts) keeps cdk.json's own.
 */
export const TEST_CONTEXT = {
  ...cdkJson.context,
  'aws:cdk:bundling-stacks': [],
  '@aws-cdk/core:annotationsInValidationReport': false,
};

/** A cloud assembly folder of its own under the test file's folder (infra/test/setup.ts removes it afterwards). */
export const testOutdir = () => mkdtempSync(path.join(process.env.SHOP_TEST_CDK_ROOT ?? os.tmpdir(), 'app-'));

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
  const { app, stack, edge } = createShopApp({
    outdir: testOutdir(),
    context: { ...TEST_CONTEXT, ...options.context },
  });
  if (options.nag) {
    Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true, ...(options.nag === true ? {} : options.nag) }));
  }
  const template = Template.fromStack(stack);
  /** The edge stack (us-east-1, the distribution's web ACL); absent with rate limits off. */
  const edgeTemplate = edge && Template.fromStack(edge);
  /** The alarms' nested stack, each parameter read as the value the shop stack passes (`{Ref: <its logical id>}`). */
  const alarmsTemplate = nestedTemplate(template, stack, stack.alarmsStack);
  /** The shop stack with every nested stack's resources in it, as one template (`wholeTemplate`). */
  const whole = wholeTemplate(stack);
  return { app, stack, template, edge, edgeTemplate, alarmsTemplate, whole };
}

/**
 * The shop stack and all its nested stacks (the routes' areas, the alarms) as one template: each nested stack's
 * resources stand beside the parent's, their parameters read as the values the parent passes, and each parent
 * reference to a nested stack's output (`Fn::GetAtt [<nested>, Outputs.<name>]`) read as that output's value. Tests
 * of what the whole stage deploys (every function, its role, its alarm) read this; `template` is the shop stack's own.
 */
export function wholeTemplate(stack: Stack): Template {
  const parent = Template.fromStack(stack).toJSON() as { Resources: Record<string, CfnResource> };
  const nestedStacks = stack.node.findAll().filter((c): c is NestedStack => isNested(c));
  const resources: Record<string, CfnResource> = { ...parent.Resources };
  const outputs = new Map<string, unknown>();
  for (const nested of nestedStacks) {
    const id = stack.getLogicalId(nested.nestedStackResource!);
    const resolved = nestedTemplate(Template.fromStack(stack), stack, nested).toJSON() as {
      Resources: Record<string, CfnResource>;
      Outputs?: Record<string, { Value: unknown }>;
    };
    for (const [name, output] of Object.entries(resolved.Outputs ?? {})) outputs.set(`${id}|${name}`, output.Value);
    for (const [logicalId, resource] of Object.entries(resolved.Resources)) {
      if (logicalId in resources) throw new Error(`${logicalId} is in two stacks: the whole template cannot hold both`);
      resources[logicalId] = resource;
    }
    delete resources[id];
  }
  const resolve = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolve);
    if (!node || typeof node !== 'object') return node;
    const getAtt = (node as { 'Fn::GetAtt'?: unknown })['Fn::GetAtt'];
    if (Array.isArray(getAtt) && typeof getAtt[1] === 'string' && getAtt[1].startsWith('Outputs.')) {
      const key = `${String(getAtt[0])}|${getAtt[1].slice('Outputs.'.length)}`;
      if (outputs.has(key)) return resolve(outputs.get(key));
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value)]));
  };
  return Template.fromJSON({ ...parent, Resources: resolve(resources) });
}

const isNested = (construct: IConstruct): construct is NestedStack => NestedStack.isNestedStack(construct);

/**
 * A nested stack's template as if its resources stood in the parent: every `{Ref: <parameter>}` becomes the value
 * the parent passes for it (a `{Ref}` or `{Fn::GetAtt}` of the parent's resource), so assertions name the parent's
 * logical ids as they would without the nesting.
 */
export function nestedTemplate(parentTemplate: Template, parent: Stack, nested: NestedStack): Template {
  const resources = parentTemplate.toJSON().Resources as Record<
    string,
    { Properties: { Parameters?: Record<string, unknown> } }
  >;
  const resource = resources[parent.getLogicalId(nested.nestedStackResource!)];
  const passed = resource.Properties.Parameters ?? {};
  const resolve = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolve);
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { Ref?: unknown }).Ref;
    if (typeof ref === 'string' && ref in passed) return passed[ref];
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value)]));
  };
  const json = Template.fromStack(nested).toJSON() as Record<string, unknown>;
  return Template.fromJSON({
    ...json,
    Parameters: {},
    Resources: resolve(json.Resources),
    Outputs: resolve(json.Outputs ?? {}),
  });
}

/** The logical id of a construct's resource in its own stack (the shop stack or the nested stack that holds it). */
export function logicalIdOf(construct: IConstruct): string {
  const resource = (construct.node.defaultChild ?? construct) as CfnElement;
  return Stack.of(resource).getLogicalId(resource);
}

/** Resources of one type, by logical id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation JSON, read loosely in assertions
export type CfnResource = { Type: string; Properties: any; [key: string]: any };

export function resourcesOf(template: Template, type: string): Record<string, CfnResource> {
  return template.findResources(type) as Record<string, CfnResource>;
}

/**
 * Renders a CloudFormation string value ({Fn::Join}, {Ref}, {Fn::GetAtt}) as text, with each reference replaced
 * by `names[logicalId or pseudo parameter]` (or `<id>` when not named), so tests can read a string as it would be
 * deployed.
 */
export function renderCfnString(value: unknown, names: Record<string, string> = {}): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('Fn::Join' in v) {
      const [separator, parts] = v['Fn::Join'] as [string, unknown[]];
      return parts.map((part) => renderCfnString(part, names)).join(separator);
    }
    if ('Ref' in v) return names[v.Ref as string] ?? `<${String(v.Ref)}>`;
    if ('Fn::GetAtt' in v) {
      const [id, attribute] = v['Fn::GetAtt'] as [string, string];
      return names[`${id}.${attribute}`] ?? names[id] ?? `<${id}.${attribute}>`;
    }
  }
  throw new Error(`not a CloudFormation string: ${JSON.stringify(value)}`);
}

/** Logical ids each resource refers to (Ref, Fn::GetAtt, ${} in Fn::Sub) or depends on. */
export function dependencyGraph(template: Template): Map<string, Set<string>> {
  const resources = template.toJSON().Resources as Record<
    string,
    { Properties?: unknown; DependsOn?: string | string[] }
  >;
  const graph = new Map<string, Set<string>>();
  const walk = (node: unknown, found: Set<string>): void => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, found));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Ref' && typeof value === 'string') found.add(value);
      else if (key === 'Fn::GetAtt') found.add(Array.isArray(value) ? String(value[0]) : String(value).split('.')[0]);
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(value) ? String(value[0]) : String(value);
        for (const match of text.matchAll(/\$\{([^}.!]+)/g)) found.add(match[1]);
        walk(value, found);
      } else walk(value, found);
    }
  };
  for (const [id, resource] of Object.entries(resources)) {
    const found = new Set<string>([resource.DependsOn ?? []].flat());
    walk(resource.Properties, found);
    graph.set(id, new Set([...found].filter((target) => target in resources)));
  }
  return graph;
}

/** A dependency cycle among the resources (as a path of logical ids), or null. */
export function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string, path: string[]): string[] | null => {
    state.set(id, 'open');
    for (const next of graph.get(id) ?? []) {
      if (state.get(next) === 'open') return [...path, id, next];
      if (!state.has(next)) {
        const cycle = visit(next, [...path, id]);
        if (cycle) return cycle;
      }
    }
    state.set(id, 'done');
    return null;
  };
  for (const id of graph.keys()) {
    if (!state.has(id)) {
      const cycle = visit(id, []);
      if (cycle) return cycle;
    }
  }
  return null;
}
