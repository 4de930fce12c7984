import { Annotations, CfnOutput, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { JOBS, type JobDef } from '#shared/jobs';
import { ORIGIN_HEADER } from '#shared/origin';
import { FIRST_SCREENS, firstScreenFile } from '#shared/pages';
import { ROUTES, type RouteDef } from '#shared/routes';
import type { ShopAlarms, ShopAlarmsStack } from './alarms';
import { ShopApi } from './api';
import { ShopAuth } from './auth';
import type { ShopDashboard } from './dashboard';
import { createImagePipeline } from './images';
import { ShopJobsStack } from './jobs';
import { ShopMail } from './mail';
import { watchStage } from './observability';
import { ShopRateLimits } from './rate-limits';
import type { RouteAreaStack } from './route-areas';
import { ShopFunctions } from './route-functions';
import { createSecrets } from './secrets';
import {
  DEFAULT_THROTTLE,
  defaultLogRetentionDays,
  SettingsError,
  settingsProblems,
  type StageSettings,
} from './settings';
import { giveHelperFunctionsLogGroups, type ShopFunction, type StageObservability } from './shop-function';
import { createDistribution } from './site';
import { SpaDeployment } from './spa-deployment';
import { createBuckets, createTable } from './storage';
import { acknowledgeGuardFindings, suppressFindings } from './suppressions';

export interface ShopStackProps extends StackProps, StageSettings {
  /** Deployment stage (dev, prod, ...): two stages live side by side in one account. */
  stage: string;
  /** The route table; defaults to the shared one. Tests may pass another list. */
  routes?: readonly RouteDef[];
  /** A route's handler module; `functions/http/<handler>.ts` by default (tests that add routes point elsewhere). */
  entryOf?: (route: RouteDef) => string;
  /** The scheduled jobs; defaults to the shared list. */
  jobs?: readonly JobDef[];
  /** The distribution's web ACL (the output of ShopEdge-<stage> in us-east-1); none when rate limits are off. */
  webAclArn?: string;
}

/**
 * The shop on AWS: one table, the user pool, the HTTP API with one function per route of the route table,
 * one function per scheduled job, one CloudFront distribution serving the SPA, the API and the images from the
 * same origin, the SES identity, the Stripe secret, the dashboard, and the alarms (in a nested stack). Each part
 * is built by its own module into this stack's scope, so logical ids stay as they were (docs/decisions/0071).
 */
export class ShopStack extends Stack implements StageObservability {
  readonly stage: string;
  /** Days every log group of this stage keeps its logs (context `logRetentionDays`). */
  readonly logRetentionDays: number;
  /** CloudWatch namespace of the business metrics (shared/observability.ts), `Shop/<stage>`. */
  readonly metricsNamespace: string;
  /** Whether the functions record each SDK and HTTPS call in X-Ray (context `traceSdkCalls`). */
  readonly traceSdkCalls: boolean;
  readonly table: Table;
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  readonly api: HttpApi;
  readonly apiStage: HttpStage;
  readonly spaBucket: Bucket;
  readonly imagesBucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  /** The shop's public origin, e.g. `https://d123.cloudfront.net` (may hold tokens). */
  readonly siteUrl: string;
  /** Holds the Stripe keys as JSON {secretKey, webhookSecret}; read by the functions that use Stripe. */
  readonly stripeSecret: Secret;
  /** Holds the shipping provider's keys as JSON {apiKey, webhookSecret}; read by the functions that use `shipping`. */
  readonly shippingSecret: Secret;
  /** What CloudFront sends in the origin header; every route's function refuses a request without it (0066). */
  readonly originSecret: Secret;
  /** Signs the links in mails (restore a cart, unsubscribe); read by the functions that use `links`. */
  readonly linkSigningSecret: Secret;
  /** The SES identity and sender; absent when no `sesIdentity` was given (then no function may send). */
  readonly mail?: ShopMail;
  readonly spaDeployment: SpaDeployment;
  /** The nested stack that holds the alarms (their resources count there, not against this stack's 500). */
  readonly alarmsStack: ShopAlarmsStack;
  readonly alarms: ShopAlarms;
  /** The user pool's web ACL and the limited routes' ceilings (absent with -c rateLimits=off). */
  readonly rateLimits?: ShopRateLimits;
  readonly dashboard: ShopDashboard;
  /** The function of each route, by route id (`routeId(route)`). */
  readonly routeFunctions: Map<string, ShopFunction>;
  /** The nested stacks that hold the routes' functions, one per area (docs/decisions/0094). */
  readonly areaStacks: RouteAreaStack[];
  /** The nested stack of the scheduled jobs (docs/decisions/0183); none when there are no jobs (a template needs a resource). */
  readonly jobsStack?: ShopJobsStack;
  /** The function of each scheduled job, by `routeId(job)`. */
  readonly jobFunctions: Map<string, ShopFunction>;
  /** The function of each Cognito trigger, by `routeId(trigger)`. */
  readonly triggerFunctions: Map<string, ShopFunction>;
  /** Functions that send mail (their logs feed the failed-mail metric). */
  readonly mailFunctions: ShopFunction[];
  /** The image pipeline (S3 ObjectCreated under uploads/). */
  readonly imageFunction: ShopFunction;

  constructor(scope: Construct, id: string, props: ShopStackProps) {
    super(scope, id, props);
    const problems = settingsProblems(props.stage, props);
    if (problems.length) throw new SettingsError(props.stage, problems);
    this.stage = props.stage;
    this.logRetentionDays = props.logRetentionDays ?? defaultLogRetentionDays(props.stage);
    this.metricsNamespace = `Shop/${props.stage}`;
    this.traceSdkCalls = props.traceSdkCalls ?? false;
    const stage = props.stage;

    // ---- Data, auth, files, secrets and mail.
    this.table = createTable(this, stage === 'prod');
    const auth = new ShopAuth(this, { stage, isProd: stage === 'prod' });
    ({ userPool: this.userPool, webClient: this.webClient } = auth);
    ({ logBucket: this.logBucket, spaBucket: this.spaBucket, imagesBucket: this.imagesBucket } = createBuckets(this));
    ({
      stripeSecret: this.stripeSecret,
      shippingSecret: this.shippingSecret,
      originSecret: this.originSecret,
      linkSigningSecret: this.linkSigningSecret,
    } = createSecrets(this, stage));
    if (!props.shopPostalAddress) {
      Annotations.of(this).addWarningV2(
        'shop:no-postal-address',
        `No shopPostalAddress for stage "${stage}": checkout reminders and back-in-stock alerts are not sent (CAN-SPAM asks for the sender's postal address in such mail). Deploy with -c shopPostalAddress="<street, city, state zip>".`,
      );
    }
    if (props.mail) {
      this.mail = new ShopMail(this, 'Mail', props.mail);
    } else {
      Annotations.of(this).addWarningV2(
        'shop:no-ses-identity',
        `No sesIdentity for stage "${stage}": no function may send mail (orders and forms are stored; sends fail and raise the mail alarm). Deploy with -c sesIdentity=<domain or address>.`,
      );
    }

    // ---- API and jobs: one function per route of the route table and per job, with what each entry declares.
    const environment = { COGNITO_ISSUER: auth.issuer, COGNITO_CLIENT_ID: this.webClient.userPoolClientId };
    const functions = new ShopFunctions(this, {
      stage,
      environment,
      table: this.table,
      imagesBucket: this.imagesBucket,
      userPool: this.userPool,
      stripeSecret: this.stripeSecret,
      shippingSecret: this.shippingSecret,
      stripeTax: props.stripeTax,
      originSecret: this.originSecret,
      linkSigningSecret: this.linkSigningSecret,
      mail: this.mail,
      shopEmail: props.shopEmail,
      postalAddress: props.shopPostalAddress,
    });
    const routes = props.routes ?? ROUTES;
    const jobs = props.jobs ?? JOBS;
    const api = new ShopApi(this, {
      stage,
      throttle: props.throttle ?? DEFAULT_THROTTLE,
      logRetentionDays: this.logRetentionDays,
      issuer: auth.issuer,
      webClient: this.webClient,
      routes,
      functions,
      entryOf: props.entryOf,
    });
    ({
      api: this.api,
      apiStage: this.apiStage,
      routeFunctions: this.routeFunctions,
      areaStacks: this.areaStacks,
    } = api);
    if (jobs.length > 0) this.jobsStack = new ShopJobsStack(this, 'Jobs', { stage, functions, jobs });
    this.jobFunctions = this.jobsStack?.functions ?? new Map<string, ShopFunction>();
    this.mailFunctions = functions.mailFunctions;

    // ---- One origin for everything: the SPA, /api/* and /auth/* to the API, /images/* to the image bucket.
    this.distribution = createDistribution(this, {
      stage,
      spaBucket: this.spaBucket,
      imagesBucket: this.imagesBucket,
      logBucket: this.logBucket,
      api: this.api,
      domain: props.domain,
      // A dynamic reference: the value never enters the template. CloudFormation reads it again only when this
      // reference changes, which a new `originSecretVersion` after a rotation does (docs/decisions/0066).
      originHeader: {
        name: ORIGIN_HEADER,
        value: SecretValue.secretsManager(
          this.originSecret.secretArn,
          props.originSecretVersion ? { versionId: props.originSecretVersion } : {},
        ).unsafeUnwrap(),
      },
    }).distribution;
    this.siteUrl = props.siteUrl ?? `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;
    // Links in customer mails (the order-status page) name the site. The distribution refers to the API resource
    // only, not to the routes or functions, so this makes no cycle (as the reset link of the Cognito trigger).
    for (const fn of new Set([...this.mailFunctions, ...functions.linkFunctions, ...functions.originFunctions]))
      fn.addEnvironment('SITE_URL', this.siteUrl);

    // ---- Bots are held back (docs/decisions/0025): the distribution's web ACL lives in ShopEdge-<stage>
    // (us-east-1); here the user pool's web ACL and a ceiling for each limited API route.
    if (props.webAclArn) this.distribution.attachWebAclId(props.webAclArn);
    if (props.rateLimits?.enabled !== false) {
      const { scale = 1 } = props.rateLimits ?? {};
      this.rateLimits = new ShopRateLimits(this, 'RateLimits', {
        stage,
        scale,
        managedRules: props.managedRules,
        userPool: this.userPool,
        api: this.api,
        apiStage: this.apiStage,
      });
    }

    // Functions that use `site` (the page function): the shop's origin for absolute URLs, index.html to read.
    for (const fn of functions.siteFunctions) {
      fn.addEnvironment('SITE_URL', this.siteUrl);
      fn.addEnvironment('SPA_BUCKET', this.spaBucket.bucketName);
      // GetObject of index.html, each first screen's file and vite's manifest only (no listing, no other key, no
      // wildcard: the first screens are named in shared/pages.ts).
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [
            this.spaBucket.arnForObjects('index.html'),
            ...Object.keys(FIRST_SCREENS).map((pathname) => this.spaBucket.arnForObjects(firstScreenFile(pathname)!)),
            this.spaBucket.arnForObjects('.vite/manifest.json'),
          ],
        }),
      );
    }

    // ---- The image pipeline, the Cognito triggers, and the SPA build with its runtime settings.
    this.imageFunction = createImagePipeline(this, {
      stage,
      table: this.table,
      imagesBucket: this.imagesBucket,
      environment,
    });
    auth.addTriggers(this.siteUrl);
    this.triggerFunctions = auth.triggerFunctions;
    this.spaDeployment = new SpaDeployment(this, 'Spa', {
      logRetentionDays: this.logRetentionDays,
      spaBucket: this.spaBucket,
      distribution: this.distribution,
      applePayDomainAssociation: props.applePayDomainAssociation,
      config: {
        region: this.region,
        userPoolId: this.userPool.userPoolId,
        userPoolClientId: this.webClient.userPoolClientId,
        cognitoEndpoint: null,
        stripePublishableKey: props.stripePublishableKey ?? null,
        // In AWS payments always go to Stripe; the built-in test card processor is a local stand-in only.
        paymentMode: 'stripe',
      },
    });

    // ---- The alarms (all to one topic) and the one dashboard.
    ({
      alarmsStack: this.alarmsStack,
      alarms: this.alarms,
      dashboard: this.dashboard,
    } = watchStage(this, { routes, jobs, alarmEmail: props.alarmEmail }));

    giveHelperFunctionsLogGroups(this, this.logRetentionDays);
    const suppressed = {
      userPool: this.userPool,
      stripeSecret: this.stripeSecret,
      shippingSecret: this.shippingSecret,
      originSecret: this.originSecret,
      linkSigningSecret: this.linkSigningSecret,
      distribution: this.distribution,
      spaBucket: this.spaBucket,
      imagesBucket: this.imagesBucket,
      hasWebAcl: Boolean(props.webAclArn),
      hasCustomDomain: Boolean(props.domain),
    };
    suppressFindings(this, suppressed);
    acknowledgeGuardFindings(this, suppressed);
    this.addOutputs();
  }

  /** What the operator reads after a deploy (docs/deploying.md names them). */
  private addOutputs(): void {
    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl, description: 'The shop' });
    new CfnOutput(this, 'DistributionDomain', {
      value: this.distribution.distributionDomainName,
      description: 'The distribution (point a custom domain here)',
    });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.webClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'SpaBucketName', { value: this.spaBucket.bucketName });
    new CfnOutput(this, 'ImagesBucketName', { value: this.imagesBucket.bucketName });
    new CfnOutput(this, 'LogBucketName', {
      value: this.logBucket.bucketName,
      description: 'CloudFront and S3 access logs',
    });
    new CfnOutput(this, 'StripeSecretArn', {
      value: this.stripeSecret.secretArn,
      description:
        'Put the Stripe keys here: aws secretsmanager put-secret-value --secret-id <this> --secret-string \'{"secretKey":"sk_...","webhookSecret":"whsec_..."}\'',
    });
    new CfnOutput(this, 'ShippingSecretArn', {
      value: this.shippingSecret.secretArn,
      description:
        'Put the EasyPost keys here: aws secretsmanager put-secret-value --secret-id <this> --secret-string \'{"apiKey":"EZTK...","webhookSecret":"..."}\'',
    });
    new CfnOutput(this, 'OriginSecretArn', {
      value: this.originSecret.secretArn,
      description: `What CloudFront sends in the ${ORIGIN_HEADER} header. Rotate: put-secret-value, then cdk deploy -c originSecretVersion=<its VersionId> (docs/deploying.md)`,
    });
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${this.siteUrl}/api/webhooks/stripe`,
      description:
        'Register in Stripe for payment_intent.amount_capturable_updated, .succeeded, .payment_failed and .canceled (docs/deploying.md)',
    });
  }
}
