import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Aspects, NestedStack, Stack, type App, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks, type NagPackProps } from 'cdk-nag';
import cdkJson from '../../cdk.json';
import type { ShopEdgeStack } from '../lib/rate-limits';
import { createShopApp } from '../lib/shop-app';
import type { ShopStack } from '../lib/shop-stack';

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
  'aws:cdk:disable-stack-trace': true,
  'aws:cdk:disable-creation-stack-traces': true,
};

/** A cloud assembly folder of its own under the test file's folder (infra/test/setup.ts removes it afterwards). */
export const testOutdir = () => mkdtempSync(path.join(process.env.SHOP_TEST_CDK_ROOT ?? os.tmpdir(), 'app-'));

export interface SynthOptions {
  /** Context on top of cdk.json's (e.g. `{ stage: 'prod' }`). */
  context?: Record<string, unknown>;
  /** Run the cdk-nag AwsSolutions pack over the app (with these options). */
  nag?: boolean | NagPackProps;
}

/** What `synthShop()` gives a test: the app's construct tree and its templates, read from its cloud assembly. */
export interface ShopSynth {
  app: App;
  stack: ShopStack;
  /** The edge stack (us-east-1, the distribution's web ACL); absent with rate limits off. */
  edge?: ShopEdgeStack;
  /** The cloud assembly the templates are read from: the run's one for this context, or this file's own. */
  assemblyDir: string;
  /** The shop stack's own template. */
  template: Template;
  edgeTemplate?: Template;
  /** The alarms' nested stack, each parameter read as the value the shop stack passes (`{Ref: <its logical id>}`). */
  alarmsTemplate: Template;
  /** The shop stack with every nested stack's resources in it, as one template (`wholeTemplate`). */
  whole: Template;
  /** Any stack's template as the assembly holds it: the shop stack, the edge stack or a nested stack. */
  templateOf: (stack: Stack) => Template;
}

/**
 * Synthesises the app as `cdk synth` does (same entry point, cdk.json's context and feature flags) but skips
 * asset bundling (`aws:cdk:bundling-stacks: []`) so a test file takes seconds, not one esbuild run per route.
 * Entry files are still checked: NodejsFunction throws when a route's handler module is missing.
 *
 * Each context is synthesised once per run (decision 0148): the first test file to ask for it writes its cloud
 * assembly into the run's folder (infra/test/global-setup.ts), validated as `cdk synth` validates it, and every
 * later call, in that file or another, builds the construct tree alone (for logical ids, in milliseconds to seconds)
 * and reads the templates from that assembly. Within a file one context gives one result. A synth with cdk-nag's
 * aspects stays the file's own (its findings are the tree's annotations).
 */
export function synthShop(options: SynthOptions = {}): ShopSynth {
  const key = stableJson({ context: options.context ?? {}, nag: options.nag ?? false });
  let synth = synthsOfThisFile.get(key);
  if (!synth) {
    synth = synthesise(options);
    synthsOfThisFile.set(key, synth);
  }
  return synth;
}

const synthsOfThisFile = new Map<string, ShopSynth>();

function synthesise(options: SynthOptions): ShopSynth {
  const context = { ...TEST_CONTEXT, ...options.context };
  const shared = options.nag ? undefined : sharedAssembly(context);
  if (shared?.ready) return readSynth(createShopApp({ outdir: testOutdir(), context }), shared.dir);
  if (!shared) {
    const built = createShopApp({ outdir: testOutdir(), context });
    if (options.nag) {
      const props = options.nag === true ? {} : options.nag;
      Aspects.of(built.app).add(new AwsSolutionsChecks({ verbose: true, ...props }));
    }
    return readSynth(built, built.app.synth().directory);
  }
  // This file writes the run's assembly of the context: synthesised in the file's own folder, copied beside the
  // run's and moved into place in one rename, so another worker never reads half of it, and a later synth of this app
  // (Annotations.fromStack synthesises again) rewrites the file's folder, not the one others read. If the synth
  // fails, the claim goes and the next file tries again.
  try {
    const built = createShopApp({ outdir: testOutdir(), context });
    const copy = `${shared.dir}.copy`;
    cpSync(built.app.synth().directory, copy, { recursive: true });
    writeFileSync(path.join(copy, READY), '');
    renameSync(copy, shared.dir);
    return readSynth(built, shared.dir);
  } catch (error) {
    rmSync(`${shared.dir}.copy`, { recursive: true, force: true });
    rmSync(shared.claim, { recursive: true, force: true });
    throw error;
  }
}

/** Written into a shared assembly's copy before it is moved into place: the synth finished. */
const READY = '.ready';

/**
 * The run's assembly folder for a context: `ready` when a test file has written it, else claimed by this call (its
 * claim folder made here, atomically: the caller writes the assembly), or undefined when another worker is writing it
 * right now (the caller then synthesises on its own rather than wait) or there is no run folder (a file run outside
 * the infra project's global setup).
 */
function sharedAssembly(
  context: Record<string, unknown>,
): { dir: string; ready: true } | { dir: string; ready: false; claim: string } | undefined {
  const runDir = process.env.SHOP_INFRA_RUN_DIR;
  if (!runDir) return undefined;
  const dir = path.join(runDir, createHash('sha256').update(stableJson(context)).digest('hex').slice(0, 16));
  if (existsSync(path.join(dir, READY))) return { dir, ready: true };
  const claim = `${dir}.claim`;
  try {
    mkdirSync(claim);
    return { dir, ready: false, claim };
  } catch {
    return undefined;
  }
}

function readSynth(built: ReturnType<typeof createShopApp>, assemblyDir: string): ShopSynth {
  const { app, stack, edge } = built;
  const read = templateReader(assemblyDir);
  const template = read(stack);
  return {
    app,
    stack,
    edge,
    assemblyDir,
    template,
    edgeTemplate: edge && read(edge),
    alarmsTemplate: nestedTemplate(template, stack, stack.alarmsStack, read),
    whole: wholeTemplate(stack, read),
    templateOf: read,
  };
}

/** Each stack's template from an assembly folder, read once. */
function templateReader(assemblyDir: string): (stack: Stack) => Template {
  const read = new Map<string, Template>();
  return (stack) => {
    const file = path.join(assemblyDir, stack.templateFile);
    let template = read.get(file);
    if (!template) {
      template = Template.fromJSON(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
      read.set(file, template);
    }
    return template;
  };
}

/** JSON with object keys sorted and `undefined` kept, so that equal contexts give one key however they were built. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === undefined) return '<undefined>';
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, (v as Record<string, unknown>)[k]]),
    );
  });
}

/**
 * The shop stack and all its nested stacks (the routes' areas, the alarms) as one template: each nested stack's
 * resources stand beside the parent's, their parameters read as the values the parent passes, and each parent
 * reference to a nested stack's output (`Fn::GetAtt [<nested>, Outputs.<name>]`) read as that output's value. Tests
 * of what the whole stage deploys (every function, its role, its alarm) read this; `template` is the shop stack's own.
 * `read` gives a stack's template (by default the in-process synth's, `Template.fromStack`).
 */
export function wholeTemplate(stack: Stack, read: (stack: Stack) => Template = (s) => Template.fromStack(s)): Template {
  const parentTemplate = read(stack);
  const parent = parentTemplate.toJSON() as { Resources: Record<string, CfnResource> };
  const nestedStacks = stack.node.findAll().filter((c): c is NestedStack => isNested(c));
  const resources: Record<string, CfnResource> = { ...parent.Resources };
  const outputs = new Map<string, unknown>();
  for (const nested of nestedStacks) {
    const id = stack.getLogicalId(nested.nestedStackResource!);
    const resolved = nestedTemplate(parentTemplate, stack, nested, read).toJSON() as {
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
export function nestedTemplate(
  parentTemplate: Template,
  parent: Stack,
  nested: NestedStack,
  read: (stack: Stack) => Template = (s) => Template.fromStack(s),
): Template {
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
  const json = read(nested).toJSON() as Record<string, unknown>;
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
