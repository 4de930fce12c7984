import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import {
  NestedStack,
  Validations,
  type IPolicyValidationContextBeta1,
  type PolicyValidationPluginReportBeta1,
} from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { ROUTES } from '#shared/routes';
import { GUARD_PLUGIN, GUARD_RULES } from '../lib/guard';
import { createShopApp } from '../lib/shop-app';
import { CHECKED_STAGES, TEST_CONTEXT, testOutdir } from './synth';

/**
 * AWS Control Tower's proactive controls (the guard rules bundled with @cdklabs/cdk-validator-cfnguard, run by
 * its own cfn-guard binary, offline) over every template of the app, as a CDK policy-validation plugin. A control
 * the shop does not follow is acknowledged on the resource with its reason (infra/lib/guard.ts, decision 0032);
 * anything else fails here. Two stages: a bare dev stage and a fully configured prod stage with a custom domain.
 */

/**
 * The plugin, noting which templates it was given (every stack of the app must be among them). The CDK hands a
 * policy plugin the templates of the app's stacks only, not those of their nested stacks (the alarms,
 * docs/decisions/0071), which sit beside them in the assembly: they are added here, so their resources are checked
 * too and acknowledgements on them count.
 */
class RecordingGuard extends CfnGuardValidator {
  readonly templates: string[] = [];
  validate(context: IPolicyValidationContextBeta1): PolicyValidationPluginReportBeta1 {
    const folders = [...new Set(context.templatePaths.map((file) => path.dirname(file)))];
    const nested = folders.flatMap((folder) =>
      readdirSync(folder)
        .filter((file) => file.endsWith('.nested.template.json'))
        .map((file) => path.join(folder, file)),
    );
    const templatePaths = [...context.templatePaths, ...nested];
    this.templates.push(...templatePaths.map((file) => path.basename(file)));
    return super.validate({ ...context, templatePaths });
  }
}

interface ReportedViolation {
  ruleName: string;
  description: string;
  violatingConstructs: { constructPath: string }[];
  acknowledgedId?: string;
  reason?: string;
  acknowledgedAt?: string;
}
interface PluginReport {
  pluginName: string;
  conclusion: 'success' | 'failure';
  metadata?: { error?: string };
  violations: ReportedViolation[];
  suppressedViolations?: ReportedViolation[];
}

const ruleOf = (control: keyof typeof GUARD_RULES) => GUARD_RULES[control];
const controlOf = (ruleName: string) =>
  Object.entries(GUARD_RULES).find(([, rule]) => rule === ruleName)?.[0] ?? ruleName;

describe.each(CHECKED_STAGES)('Control Tower guard rules: $name', ({ stage, context, customDomain }) => {
  let report: PluginReport;
  let guard: RecordingGuard;
  let stackTemplates: string[];
  let acknowledgements: string[];
  /** How many resources of a type the app's templates hold (every stack). */
  let resourceCount: (type: string) => number;

  beforeAll(() => {
    guard = new RecordingGuard();
    const { app } = createShopApp({
      outdir: testOutdir(),
      context: {
        ...TEST_CONTEXT,
        // Read the report file below instead of failing the synth with it.
        '@aws-cdk/core:failSynthOnValidationErrors': false,
        ...context,
      },
    });
    Validations.of(app).addPlugins(guard);
    const assembly = app.synth();
    // Every stack's template and every nested stack's (the alarms).
    const nestedTemplates = app.node
      .findAll()
      .filter((construct) => NestedStack.isNestedStack(construct))
      .map((nested) => path.join(assembly.directory, nested.templateFile));
    expect(nestedTemplates.length).toBeGreaterThan(0);
    const templates = [...assembly.stacksRecursively.map((stack) => stack.templateFullPath), ...nestedTemplates];
    stackTemplates = templates.map((file) => path.basename(file));
    resourceCount = (type) =>
      templates
        .flatMap((file) =>
          Object.values(
            (JSON.parse(readFileSync(file, 'utf8')) as { Resources?: Record<string, { Type: string }> }).Resources ??
              {},
          ),
        )
        .filter((resource) => resource.Type === type).length;
    const reports = JSON.parse(readFileSync(path.join(assembly.directory, 'validation-report.json'), 'utf8'))
      .pluginReports as PluginReport[];
    report = reports.find((candidate) => candidate.pluginName === GUARD_PLUGIN)!;
    acknowledgements = app.node
      .findAll()
      .flatMap((construct: IConstruct) =>
        construct.node.metadata
          .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
          .flatMap((entry) => Object.keys(entry.data as object).map((id) => `${id} @ ${construct.node.path}`)),
      )
      .filter((ack) => ack.startsWith(`${GUARD_PLUGIN}::`));
  }, 180_000);

  const suppressed = () => report.suppressedViolations ?? [];
  const suppressedAt = (control: keyof typeof GUARD_RULES) =>
    suppressed()
      .filter((violation) => violation.ruleName === ruleOf(control))
      .flatMap((violation) => violation.violatingConstructs.map((construct) => construct.constructPath));

  test('the plugin ran, with its bundled cfn-guard, over every stack of the app and every nested stack (the alarms)', () => {
    expect(report).toBeDefined();
    expect(report.metadata?.error).toBeUndefined();
    expect(stackTemplates).toContain(`Shop-${stage}.template.json`);
    expect(stackTemplates.some((file) => file.endsWith('.nested.template.json'))).toBe(true);
    expect(resourceCount('AWS::CloudWatch::Alarm')).toBeGreaterThan(new Set(ROUTES.map((route) => route.handler)).size);
    expect([...new Set(guard.templates)].sort()).toEqual([...stackTemplates].sort());
  });

  test('no control fails unacknowledged', () => {
    const failures = report.violations.flatMap((violation) =>
      violation.violatingConstructs.map(
        (construct) =>
          `${controlOf(violation.ruleName)} ${construct.constructPath}: ${violation.description.split('\n')[0]}`,
      ),
    );
    expect(failures).toEqual([]);
    expect(report.conclusion).toBe('success');
  });

  test('every acknowledgement names its control and a reason, and still matches a finding', () => {
    expect(suppressed().length).toBeGreaterThan(0);
    for (const violation of suppressed()) expect(violation.reason).toMatch(/^CT\.[A-Z0-9]+\.PR\.\d+: .{20,}/);
    const used = new Set(suppressed().map((violation) => `${violation.acknowledgedId} @ ${violation.acknowledgedAt}`));
    expect(acknowledgements.filter((ack) => !used.has(ack))).toEqual([]);
  });

  test('routes without an authorizer are exactly the public routes of the route table', () => {
    const publicRoutes = ROUTES.filter((route) => route.access === 'public').map(
      (route) => `${route.method}${route.path.replace(/\//g, '--')}`,
    );
    const routes = suppressedAt('CT.APIGATEWAY.PR.5').map(
      (constructPath) => constructPath.split('/HttpApi/')[1]?.split('/')[0],
    );
    expect(routes.sort()).toEqual(publicRoutes.sort());
  });

  test("fixed, not acknowledged: table encryption (KMS), the key policy's grants, bucket versioning and lifecycle", () => {
    const fixed = [
      'dynamodb_table_encrypted_kms_check',
      'kms_create_grant_aws_service_check',
      's3_bucket_versioning_enabled_check',
      's3_lifecycle_policy_check',
    ];
    const seen = [...report.violations, ...suppressed()].map((violation) => violation.ruleName);
    expect(seen.filter((rule) => fixed.includes(rule))).toEqual([]);
  });

  test('every Lambda function is acknowledged outside a VPC, by that one reason', () => {
    const paths = suppressedAt('CT.LAMBDA.PR.3');
    // Every route, job and trigger function, and the CDK's helpers: each Lambda function of the app's templates
    // (routes that share a handler module, like the page routes, share one function).
    expect(paths.length).toBeGreaterThanOrEqual(new Set(ROUTES.map((route) => route.handler)).size + 2);
    expect(paths.length).toBe(resourceCount('AWS::Lambda::Function'));
    expect(
      new Set(
        suppressed()
          .filter((v) => v.ruleName === ruleOf('CT.LAMBDA.PR.3'))
          .map((v) => v.reason!.replace(/^.*?(No VPC)/, '$1')),
      ).size,
    ).toBe(1);
  });

  if (stage === 'prod') {
    test('prod keeps its logs a year: the retention control holds without an acknowledgement', () => {
      expect(suppressedAt('CT.CLOUDWATCH.PR.2')).toEqual([]);
    });
  } else {
    test('dev keeps its logs a month, acknowledged on each log group with the setting that chose it', () => {
      const reasons = suppressed()
        .filter((v) => v.ruleName === ruleOf('CT.CLOUDWATCH.PR.2'))
        .map((v) => v.reason);
      // One per log group of the app (a function's, the API's access log, ...): at least one per route function.
      expect(reasons.length).toBeGreaterThan(new Set(ROUTES.map((route) => route.handler)).size);
      expect(reasons.length).toBe(resourceCount('AWS::Logs::LogGroup'));
      for (const reason of reasons) expect(reason).toContain('30 days (context logRetentionDays');
    });
  }

  if (customDomain) {
    test('with a custom domain the certificate, SNI and TLS 1.2 controls hold without an acknowledgement', () => {
      for (const control of ['CT.CLOUDFRONT.PR.6', 'CT.CLOUDFRONT.PR.7', 'CT.CLOUDFRONT.PR.9'] as const)
        expect(suppressedAt(control)).toEqual([]);
    });
  }
});
