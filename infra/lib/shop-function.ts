import * as path from 'node:path';
import { CfnResource, Duration, Names, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, CfnFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { METRICS_SERVICE } from '#shared/observability';
import { acknowledgeGuard, GUARD_REASONS } from './guard';
import { bundleDefines } from './bundle-defines';

/** The repository root: esbuild's project root and the base of every handler entry. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** What a function may do with the table; the route table's `table` field. */
export type TableAccess = 'none' | 'read' | 'readwrite';

/**
 * The Lambda runtime of every function (cdk-nag AwsSolutions-L1 wants the latest Node.js). `npm install` brings the
 * same Node major for `npm start` and the tests (package.json's `node`; infra/test/local-node.test.ts, decision 0101).
 */
export const SHOP_RUNTIME = Runtime.NODEJS_24_X;

export interface ShopFunctionProps extends Omit<
  NodejsFunctionProps,
  'entry' | 'handler' | 'runtime' | 'architecture' | 'bundling' | 'logGroup' | 'logRetention' | 'tracing'
> {
  /**
   * Handler module, relative to the repository root (e.g. `functions/http/system/get-health.ts`); exports `handler`.
   */
  entry: string;
  /** Days the function's logs are kept. Default: the enclosing stack's `StageObservability`, else 30. */
  logRetentionDays?: number;
  /** CloudWatch namespace of the function's business metrics (EMF). Default: the enclosing stack's, else `Shop`. */
  metricsNamespace?: string;
  /**
   * Compile in X-Ray traces of each SDK and HTTPS call (functions/lib/tracing.ts). Default: the enclosing stack's, else
   * off.
   */
  traceSdkCalls?: boolean;
  /**
   * Packages with native code (sharp): not bundled by esbuild but installed beside the bundle with `npm ci` from
   * the repository's lock file, for the Lambda's platform (Linux arm64, glibc) whatever machine runs the synth:
   * npm's cpu/os/libc settings pick the prebuilt binaries of that platform from the registry. No Docker.
   */
  nativeModules?: string[];
}

/** What a stack tells the functions created in it (ShopStack has all three, from the stage's settings). */
export interface StageObservability {
  /** Days every log group of the stage keeps its logs (context `logRetentionDays`). */
  readonly logRetentionDays: number;
  /** CloudWatch namespace of the business metrics, `Shop/<stage>`. */
  readonly metricsNamespace: string;
  /** Whether the functions record each SDK and HTTPS call in X-Ray (context `traceSdkCalls`). */
  readonly traceSdkCalls: boolean;
}

function observabilityOf(scope: Construct): Partial<StageObservability> {
  // A nested stack (a route area's) carries none of its own: the stage's are its parent's.
  let found = Stack.of(scope);
  while (found.nestedStackParent && (found as Partial<StageObservability>).logRetentionDays === undefined) {
    found = found.nestedStackParent;
  }
  const stack = found as Partial<StageObservability>;
  return {
    logRetentionDays: stack.logRetentionDays,
    metricsNamespace: stack.metricsNamespace,
    traceSdkCalls: stack.traceSdkCalls,
  };
}

/** Control Tower asks log groups to keep their logs at least this long (CT.CLOUDWATCH.PR.2). */
export const GUARD_MIN_LOG_DAYS = 365;

/**
 * A log group of the shop: kept `days` (the stage's setting), removed with the stack. Below a year the Control
 * Tower retention control is acknowledged with the stage's choice as the reason.
 */
export function shopLogGroup(scope: Construct, id: string, days: number): LogGroup {
  const logGroup = new LogGroup(scope, id, { retention: days as RetentionDays, removalPolicy: RemovalPolicy.DESTROY });
  acknowledgeGuard(logGroup, 'CT.CLOUDWATCH.PR.3', GUARD_REASONS.logsKms);
  if (days < GUARD_MIN_LOG_DAYS) {
    acknowledgeGuard(
      logGroup,
      'CT.CLOUDWATCH.PR.2',
      `this stage keeps logs ${days} days (context logRetentionDays; prod defaults to ${GUARD_MIN_LOG_DAYS}).`,
    );
  }
  return logGroup;
}

/**
 * The CDK's own helper functions (the bucket emptying and the image bucket's notifications) come without a log
 * group: Lambda would make `/aws/lambda/<name>` on first run and keep it for ever. Each gets one of the stage's
 * log groups (its retention) through LoggingConfig, which also makes CloudFormation create it first.
 */
export function giveHelperFunctionsLogGroups(stack: Stack, days: number): void {
  const withoutLogGroup = stack.node
    .findAll()
    .filter((c): c is CfnResource => c instanceof CfnResource && c.cfnResourceType === 'AWS::Lambda::Function')
    .filter((fn) => !(fn instanceof CfnFunction && fn.loggingConfig));
  for (const fn of withoutLogGroup) {
    const logGroup = shopLogGroup(stack, `${Names.uniqueId(fn)}Logs`, days);
    fn.addPropertyOverride('LoggingConfig', { LogGroup: logGroup.logGroupName, LogFormat: 'Text' });
  }
}

/** npm settings that make `npm ci` install the optional native packages of Lambda's platform (arm64 Linux, glibc). */
export const LAMBDA_PLATFORM_NPM = {
  npm_config_cpu: 'arm64',
  npm_config_os: 'linux',
  npm_config_libc: 'glibc',
} as const;

/**
 * A Lambda function with the shop's defaults, fixed once: Node.js on arm64, an esbuild bundle (local esbuild,
 * never Docker) with a source map beside it, its own log group with the stage's retention, active X-Ray tracing (each AWS
 * SDK and HTTPS call too when the stage sets `traceSdkCalls`: functions/lib/tracing.ts) and the settings of
 * Powertools Metrics. Every endpoint function is one of these.
 */
export class ShopFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ShopFunctionProps) {
    const stage = observabilityOf(scope);
    const {
      entry,
      logRetentionDays = stage.logRetentionDays ?? 30,
      metricsNamespace = stage.metricsNamespace ?? 'Shop',
      traceSdkCalls = stage.traceSdkCalls ?? false,
      environment,
      nativeModules,
      ...rest
    } = props;
    super(scope, id, {
      timeout: Duration.seconds(10),
      memorySize: 512,
      ...rest,
      entry: path.resolve(REPO_ROOT, entry),
      handler: 'handler',
      runtime: SHOP_RUNTIME,
      architecture: Architecture.ARM_64,
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      awsSdkConnectionReuse: false,
      tracing: Tracing.ACTIVE,
      environment: {
        POWERTOOLS_SERVICE_NAME: METRICS_SERVICE,
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace,
        ...environment,
      },
      // Created beside the function (not through the LogRetention custom resource) so no helper Lambda is added.
      logGroup: shopLogGroup(scope, `${id}Logs`, logRetentionDays),
      bundling: {
        forceDockerBundling: false,
        // As bundle-defines.ts's lambdaBundleOptions (measured there and in decision 0141): CommonJS output, which
        // loaded faster than ES module output; esbuild turns ESM-only dependencies (@middy/core) into CommonJS.
        format: OutputFormat.CJS,
        target: 'node24',
        // Prefer the ESM builds of dependencies so esbuild can tree-shake them (the AWS SDK in particular).
        mainFields: ['module', 'main'],
        minify: true,
        // A source map beside the bundle, to read a logged stack trace's positions by; Node is not asked to apply it
        // (no --enable-source-maps): reading it cost every cold start about 20 ms, and a Stripe function's first
        // Stripe call about 130 ms more, as the package takes a stack trace on every request (decision 0141).
        sourceMap: true,
        sourcesContent: false,
        // Bundle the AWS SDK too: the version the tests ran against, not whatever the runtime ships.
        externalModules: [],
        // Powertools Tracer and the X-Ray SDK are compiled in only for stages that trace SDK calls.
        define: bundleDefines(traceSdkCalls),
        ...(nativeModules?.length ? { nodeModules: nativeModules, environment: { ...LAMBDA_PLATFORM_NPM } } : {}),
      },
    });
    acknowledgeGuard(this, 'CT.LAMBDA.PR.3', GUARD_REASONS.noVpc);
    NagSuppressions.addResourceSuppressions(
      // A shared role (props.role) is not the function's child: its policy is suppressed through it.
      props.role ? [this, props.role] : this,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords take no resource, so their statement names Resource *; infra tests check it is the only one.',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
  }

  /**
   * Points the function at the table and grants it `access`. TABLE_NAME is set even for `none`: the function
   * settings schema requires it, and without a grant the function still cannot touch the table.
   */
  bindTable(table: ITable, access: TableAccess): void {
    this.addEnvironment('TABLE_NAME', table.tableName);
    if (access === 'read') table.grantReadData(this);
    if (access === 'readwrite') table.grantReadWriteData(this);
  }
}
