import * as path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** The repository root: esbuild's project root and the base of every handler entry. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** What a function may do with the table; the route table's `table` field. */
export type TableAccess = 'none' | 'read' | 'readwrite';

/** The Lambda runtime of every function (cdk-nag AwsSolutions-L1 wants the latest Node.js). */
export const SHOP_RUNTIME = Runtime.NODEJS_24_X;

export interface ShopFunctionProps
  extends Omit<NodejsFunctionProps, 'entry' | 'handler' | 'runtime' | 'architecture' | 'bundling' | 'logGroup' | 'logRetention'> {
  /** Handler module, relative to the repository root (e.g. `functions/http/system/get-health.ts`); exports `handler`. */
  entry: string;
  /** How long the function's logs are kept. */
  logRetention?: RetentionDays;
}

/**
 * A Lambda function with the shop's defaults, fixed once: Node.js on arm64, an esbuild bundle (local esbuild,
 * never Docker) with source maps, its own log group with a retention. Every endpoint function is one of these.
 */
export class ShopFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ShopFunctionProps) {
    const { entry, logRetention = RetentionDays.ONE_MONTH, environment, ...rest } = props;
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
      environment: { NODE_OPTIONS: '--enable-source-maps', ...environment },
      // Created beside the function (not through the LogRetention custom resource) so no helper Lambda is added.
      logGroup: new LogGroup(scope, `${id}Logs`, { retention: logRetention, removalPolicy: RemovalPolicy.DESTROY }),
      bundling: {
        forceDockerBundling: false,
        // CJS output: esbuild turns ESM-only dependencies (@middy/core) into CJS without a createRequire banner.
        format: OutputFormat.CJS,
        target: 'node24',
        // Prefer the ESM builds of dependencies so esbuild can tree-shake them (the AWS SDK in particular).
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // Bundle the AWS SDK too: the version the tests ran against, not whatever the runtime ships.
        externalModules: [],
      },
    });
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
