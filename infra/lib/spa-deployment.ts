import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { APPLE_PAY_DOMAIN_FILE } from '#shared/pages';
import type { RuntimeConfig } from '#shared/schemas/common';
import { REPO_ROOT, shopLogGroup } from './shop-function';

/** Cache-Control of the hashed build files under assets/: their name changes with their content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else (index.html, config.json, public files): always revalidated. */
export const REVALIDATE = 'no-cache';

export interface SpaDeploymentProps {
  spaBucket: Bucket;
  /** Days the deployment helper's logs are kept (the stage's setting). */
  logRetentionDays: number;
  distribution: Distribution;
  /** The runtime settings the SPA reads from /config.json (may hold deploy-time tokens). */
  config: RuntimeConfig;
  /** Apple Pay's domain association file (the stage setting `applePayDomainFile`), when the stage has one. */
  applePayDomainAssociation?: string;
}

/**
 * Uploads the SPA build and config.json to the SPA bucket on every deploy, then invalidates the distribution.
 * Two deployments of the same build: first the hashed assets (immutable, never pruned, so a browser holding an
 * older index.html still finds its chunks), then everything else with `no-cache` plus config.json (pruned,
 * assets excluded), then the invalidation; and, when the stage has one, Apple Pay's domain file as text/plain.
 */
export class SpaDeployment extends Construct {
  readonly assets: BucketDeployment;
  readonly shell: BucketDeployment;
  readonly applePay?: BucketDeployment;

  constructor(scope: Construct, id: string, props: SpaDeploymentProps) {
    super(scope, id);
    const build = spaBuildSource();
    // One log group for the CDK helper function both deployments share.
    const logGroup = shopLogGroup(this, 'DeployLogs', props.logRetentionDays);
    // No object keys in the custom resource's answer: a build of many files would exceed its 4 KB limit.
    const common = { destinationBucket: props.spaBucket, memoryLimit: 512, logGroup, outputObjectKeys: false } as const;
    this.assets = new BucketDeployment(this, 'Assets', {
      ...common,
      sources: [build],
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString(IMMUTABLE)],
    });
    this.shell = new BucketDeployment(this, 'Shell', {
      ...common,
      sources: [build, Source.jsonData('config.json', props.config)],
      // The shell's prune leaves Apple Pay's file alone: its own deployment below writes it.
      exclude: ['assets/*', '.well-known/*'],
      cacheControl: [CacheControl.fromString(REVALIDATE)],
      distribution: props.distribution,
      distributionPaths: ['/*'],
    });
    this.shell.node.addDependency(this.assets);
    if (props.applePayDomainAssociation !== undefined) {
      // Its own deployment for its own content type: the file has no extension to take one from.
      this.applePay = new BucketDeployment(this, 'ApplePay', {
        ...common,
        sources: [Source.data(APPLE_PAY_DOMAIN_FILE.slice(1), props.applePayDomainAssociation)],
        prune: false,
        contentType: 'text/plain',
        cacheControl: [CacheControl.fromString(REVALIDATE)],
      });
      this.applePay.node.addDependency(this.shell);
    }
  }
}

/**
 * The SPA build as an asset: `npm run build:web` (vite) runs into the asset's output folder at synth, so
 * `cdk deploy` from a fresh clone uploads a current build. Hashed by output: a build that did not change is not
 * uploaded again. Tests skip bundling (`aws:cdk:bundling-stacks: []`) and never build.
 */
function spaBuildSource() {
  return Source.asset(path.join(REPO_ROOT, 'web'), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the type; only used if local bundling declined, which it never does (it throws instead).
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:24-slim'),
      local: {
        tryBundle(outputDir: string): boolean {
          const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
          try {
            execFileSync(npm, ['run', '--silent', 'build:web', '--', '--outDir', outputDir, '--emptyOutDir'], {
              cwd: REPO_ROOT,
              // Keep stdout clean for the CDK CLI; vite's progress goes to stderr.
              stdio: ['ignore', process.stderr, process.stderr],
              shell: process.platform === 'win32',
            });
          } catch (error) {
            throw new Error(
              `The SPA build (npm run build:web) failed, so there is nothing to deploy: ${(error as Error).message}`,
            );
          }
          return true;
        },
      },
    },
  });
}
