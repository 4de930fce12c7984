import { Annotations, CfnOutput, CfnResource, Duration, Names, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, type HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { AccountRecovery, UserPool, UserPoolOperation, type UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Bucket, EventType, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { PHOTO_PREFIX, UPLOAD_PREFIX } from '../../shared/images';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { TABLE_KEYS } from '../../functions/db/table-definition';
import { PASSWORD_POLICY } from '../../shared/messages';
import { ORIGIN_HEADER } from '../../shared/origin';
import { ADMIN_GROUP } from '../../shared/roles';
import { COGNITO_TRIGGERS, JOBS, type JobDef } from '../../shared/jobs';
import { RATE_LIMIT_GROUPS } from '../../shared/rate-limits';
import { ROUTES, routeId, type RouteDef } from '../../shared/routes';
import { ShopAlarms, type WatchedFunction } from './alarms';
import { ShopDashboard } from './dashboard';
import { acknowledgeGuard, GUARD_REASONS } from './guard';
import { ShopMail } from './mail';
import { ShopRateLimits } from './rate-limits';
import { DEFAULT_THROTTLE, defaultLogRetentionDays, SettingsError, settingsProblems, type StageSettings } from './settings';
import { ShopFunction, shopLogGroup, type StageObservability } from './shop-function';
import { createAccessLogBucket, createDistribution, PRIVATE_BUCKET, SpaDeployment } from './site';

export interface ShopStackProps extends StackProps, StageSettings {
  /** Deployment stage (dev, prod, ...): two stages live side by side in one account. */
  stage: string;
  /** The route table; defaults to the shared one. Tests may pass another list. */
  routes?: readonly RouteDef[];
  /** The scheduled jobs; defaults to the shared list. */
  jobs?: readonly JobDef[];
  /** The distribution's web ACL (the output of ShopEdge-<stage> in us-east-1); none when rate limits are off. */
  webAclArn?: string;
}

/** Token lifetimes of the web client (docs/decisions/0017-cognito-tokens-and-admins.md). */
export const TOKEN_VALIDITY = { access: Duration.hours(1), id: Duration.hours(1), refresh: Duration.days(30) } as const;

/** The image pipeline's function: sharp on a phone photo wants memory (and the CPU that comes with it). */
export const IMAGE_PIPELINE = { memoryMb: 2048, timeoutSeconds: 120 } as const;

/** The shape of the Stripe secret; the operator writes the real keys with `aws secretsmanager put-secret-value`. */
export const STRIPE_SECRET_TEMPLATE = { secretKey: '', webhookSecret: '' } as const;

/**
 * The shop on AWS: one table, the user pool, the HTTP API with one function per route of the route table,
 * one function per scheduled job, one CloudFront distribution serving the SPA, the API and the images from the
 * same origin, the SES identity, the Stripe secret and the alarms.
 */
/**
 * What a function is called in descriptions and alarms: its route, or the routes of a module that serves several
 * ("GET, POST /api/admin/promo-codes"; the page function's many paths go by `many`).
 */
function sharedLabel(shared: readonly Pick<RouteDef, 'method' | 'path'>[], many: string): string {
  if (shared.length === 1) return `${shared[0].method} ${shared[0].path}`;
  return new Set(shared.map((route) => route.path)).size === 1 ? `${shared.map((route) => route.method).join(', ')} ${shared[0].path}` : many;
}

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
  /** What CloudFront sends in the origin header; every route's function refuses a request without it (0066). */
  readonly originSecret: Secret;
  /** The SES identity and sender; absent when no `sesIdentity` was given (then no function may send). */
  readonly mail?: ShopMail;
  readonly spaDeployment: SpaDeployment;
  readonly alarms: ShopAlarms;
  /** The user pool's web ACL and the limited routes' ceilings (absent with -c rateLimits=off). */
  readonly rateLimits?: ShopRateLimits;
  readonly dashboard: ShopDashboard;
  /** The function of each route, by route id (`routeId(route)`). */
  readonly routeFunctions = new Map<string, ShopFunction>();
  /** The function of each scheduled job, by `routeId(job)`. */
  readonly jobFunctions = new Map<string, ShopFunction>();
  /** The function of each Cognito trigger, by `routeId(trigger)`. */
  readonly triggerFunctions = new Map<string, ShopFunction>();
  /** Functions that send mail (their logs feed the failed-mail metric). */
  readonly mailFunctions: ShopFunction[] = [];
  /** Functions that read index.html and the site's origin (the page function). */
  private readonly siteFunctions: ShopFunction[] = [];
  /** The image pipeline (S3 ObjectCreated under uploads/). */
  readonly imageFunction: ShopFunction;
  private readonly functionEnvironment: Record<string, string>;
  private readonly props: ShopStackProps;
  /** One execution role per permission profile (table access + services used), shared by the functions that have it. */
  private readonly functionRoles = new Map<string, Role>();

  constructor(scope: Construct, id: string, props: ShopStackProps) {
    super(scope, id, props);
    const problems = settingsProblems(props.stage, props);
    if (problems.length) throw new SettingsError(props.stage, problems);
    this.props = props;
    this.stage = props.stage;
    this.logRetentionDays = props.logRetentionDays ?? defaultLogRetentionDays(props.stage);
    this.metricsNamespace = `Shop/${props.stage}`;
    this.traceSdkCalls = props.traceSdkCalls ?? false;
    const isProd = props.stage === 'prod';

    // ---- Data: the one table, keys and indexes from the shared definition.
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      // Every stage: a deleted or overwritten order can be restored to any second of the last 35 days.
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // DynamoDB's AWS-managed KMS key (aws/dynamodb): no key to pay for or keep, and its use is in CloudTrail.
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: TABLE_KEYS.timeToLiveAttribute,
      deletionProtection: isProd,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of TABLE_KEYS.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
      });
    }

    // ---- Auth: email + password; admins are the members of the admin group.
    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: isProd,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.userPool.addGroup('AdminGroup', { groupName: ADMIN_GROUP, description: 'Shop administrators' });
    this.webClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      // The SPA signs in with the SDK (no hosted UI): no OAuth flows, no callback URLs.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      accessTokenValidity: TOKEN_VALIDITY.access,
      idTokenValidity: TOKEN_VALIDITY.id,
      refreshTokenValidity: TOKEN_VALIDITY.refresh,
      enableTokenRevocation: true,
    });
    const issuer = `https://cognito-idp.${this.region}.${this.urlSuffix}/${this.userPool.userPoolId}`;

    // ---- Files: private buckets, reached only through CloudFront (origin access control); access logs kept apart.
    this.logBucket = createAccessLogBucket(this);
    // The SPA bucket holds only build output, redeployed each time: emptied and removed with the stack. Versioned,
    // so a file a deploy replaced or pruned can be put back for 30 days.
    this.spaBucket = new Bucket(this, 'SpaBucket', {
      ...PRIVATE_BUCKET,
      versioned: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/spa/',
      lifecycleRules: [{ id: 'old-build-versions', noncurrentVersionExpiration: Duration.days(30), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    // Product images are the shop's content: kept, versioned; replaced or deleted versions go after 90 days.
    this.imagesBucket = new Bucket(this, 'ImagesBucket', {
      ...PRIVATE_BUCKET,
      versioned: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/images/',
      lifecycleRules: [{ id: 'old-image-versions', noncurrentVersionExpiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      // Admins upload images from the browser with a presigned PUT (signature = authorization; CORS only lets
      // the page read the answer). Any origin, as the distribution's domain cannot be named here without a cycle.
      cors: [{ allowedMethods: [HttpMethods.PUT], allowedOrigins: ['*'], allowedHeaders: ['content-type'], maxAge: 3000 }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // ---- Secrets and mail.
    this.stripeSecret = new Secret(this, 'StripeSecret', {
      description: `Stripe keys of the shop (${props.stage}) as JSON {"secretKey": "sk_...", "webhookSecret": "whsec_..."}`,
      // A placeholder of the right shape; the real keys never pass through the template or a bundle.
      generateSecretString: {
        secretStringTemplate: JSON.stringify(STRIPE_SECRET_TEMPLATE),
        generateStringKey: 'placeholder',
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // The front door (docs/decisions/0066): CloudFront sends this value in the origin header, the functions check it.
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: `What CloudFront sends to the API of the shop (${props.stage}) in the ${ORIGIN_HEADER} header; rotate as the README says`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    if (props.mail) {
      this.mail = new ShopMail(this, 'Mail', props.mail);
    } else {
      Annotations.of(this).addWarningV2(
        'shop:no-ses-identity',
        `No sesIdentity for stage "${props.stage}": no function may send mail (orders and forms are stored; sends fail and raise the mail alarm). Deploy with -c sesIdentity=<domain or address>.`,
      );
    }

    // ---- API: one function and one route per entry of the route table.
    const throttle = props.throttle ?? DEFAULT_THROTTLE;
    this.api = new HttpApi(this, 'HttpApi', { description: `Shop API (${props.stage})`, createDefaultStage: false });
    this.apiStage = new HttpStage(this, 'HttpApiDefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: throttle.rateLimit, burstLimit: throttle.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(shopLogGroup(this, 'HttpApiAccessLogs', this.logRetentionDays)),
      },
    });
    const authorizer = new HttpJwtAuthorizer('CognitoAuthorizer', issuer, {
      // Access tokens have no `aud`; API Gateway then matches their `client_id` against this list.
      jwtAudience: [this.webClient.userPoolClientId],
    });
    this.functionEnvironment = {
      COGNITO_ISSUER: issuer,
      COGNITO_CLIENT_ID: this.webClient.userPoolClientId,
    };

    const routes: readonly RouteDef[] = props.routes ?? ROUTES;
    // One function per handler module: each endpoint has its own, except the page routes, which share the one
    // page function (shared/routes/pages.ts) and so its integration.
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of routes) {
      const id = routeId(route);
      let integration = integrations.get(id);
      if (!integration) {
        const shared = routes.filter((other) => other.handler === route.handler);
        const purpose = sharedLabel(shared, `pages: ${shared.map((other) => other.path).join(' ')}`);
        const fn = this.shopFunction(`${id}Function`, `functions/http/${route.handler}.ts`, purpose, route);
        this.guardFrontDoor(fn);
        this.routeFunctions.set(id, fn);
        integration = new HttpLambdaIntegration(`${id}Integration`, fn);
        integrations.set(id, integration);
      }
      const [httpRoute] = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration,
        authorizer: route.access === 'public' ? undefined : authorizer,
      });
      acknowledgeGuard(
        httpRoute,
        'CT.LAMBDA.PR.2',
        'API Gateway may invoke the function only for this API (SourceArn names the API id); the rule accepts only a literal or a Ref there, not the ARN built with Fn::Join.',
      );
      if (route.access === 'public') suppressPublicRoute(httpRoute, route);
    }

    // ---- Scheduled jobs: one function and one EventBridge rule per entry of the job table.
    for (const job of props.jobs ?? JOBS) {
      const id = routeId(job);
      const fn = this.shopFunction(`Job${id}Function`, `functions/jobs/${job.handler}.ts`, `job ${job.handler}`, job);
      new Rule(this, `Job${id}Schedule`, {
        description: job.summary,
        schedule: Schedule.expression(job.schedule),
        targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
      });
      this.jobFunctions.set(id, fn);
    }

    // ---- One origin for everything: the SPA, /api/* and /auth/* to the API, /images/* to the image bucket.
    const site = createDistribution(this, {
      stage: props.stage,
      spaBucket: this.spaBucket,
      imagesBucket: this.imagesBucket,
      logBucket: this.logBucket,
      api: this.api,
      domain: props.domain,
      // A dynamic reference: the value never enters the template. CloudFormation reads it again only when this
      // reference changes, which a new `originSecretVersion` after a rotation does (docs/decisions/0066).
      originHeader: {
        name: ORIGIN_HEADER,
        value: SecretValue.secretsManager(this.originSecret.secretArn, props.originSecretVersion ? { versionId: props.originSecretVersion } : {}).unsafeUnwrap(),
      },
    });
    this.distribution = site.distribution;
    this.siteUrl = props.siteUrl ?? `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;
    // Links in customer mails (the order-status page) name the site. The distribution refers to the API resource
    // only, not to the routes or functions, so this makes no cycle (as the reset link of the Cognito trigger).
    for (const fn of this.mailFunctions) fn.addEnvironment('SITE_URL', this.siteUrl);

    // ---- Bots are held back (docs/decisions/0025): the distribution's web ACL lives in ShopEdge-<stage>
    // (us-east-1); here the user pool's web ACL and a ceiling for each limited API route.
    if (props.webAclArn) this.distribution.attachWebAclId(props.webAclArn);
    if (props.rateLimits?.enabled !== false) {
      this.rateLimits = new ShopRateLimits(this, 'RateLimits', {
        stage: props.stage,
        scale: props.rateLimits?.scale ?? 1,
        managedRules: props.managedRules,
        userPool: this.userPool,
        api: this.api,
        apiStage: this.apiStage,
      });
    }

    // Functions that use `site` (the page function): the shop's origin for absolute URLs, index.html to read.
    for (const fn of this.siteFunctions) {
      fn.addEnvironment('SITE_URL', this.siteUrl);
      fn.addEnvironment('SPA_BUCKET', this.spaBucket.bucketName);
      // GetObject of index.html and vite's manifest only (no bucket listing, no other key).
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.spaBucket.arnForObjects('index.html'), this.spaBucket.arnForObjects('.vite/manifest.json')] }));
    }

    // ---- The image pipeline: every upload to uploads/ of the image bucket becomes variants under images/.
    this.imageFunction = new ShopFunction(this, 'ImagePipelineFunction', {
      entry: 'functions/events/process-image.ts',
      description: `Image pipeline: uploads/ -> resized AVIF, WebP and JPEG variants (${this.stage})`,
      // sharp decodes a phone photo and encodes 18 variants: more memory is also more CPU.
      memorySize: IMAGE_PIPELINE.memoryMb,
      timeout: Duration.seconds(IMAGE_PIPELINE.timeoutSeconds),
      nativeModules: ['sharp'],
      environment: { ...this.functionEnvironment, IMAGES_BUCKET: this.imagesBucket.bucketName },
    });
    this.imageFunction.bindTable(this.table, 'readwrite');
    this.imagesBucket.grantRead(this.imageFunction, `${UPLOAD_PREFIX}*`);
    this.imagesBucket.grantPut(this.imageFunction, `${PHOTO_PREFIX}*`);
    suppressFunctionDefaults(this.imageFunction);
    NagSuppressions.addResourceSuppressions(
      this.imageFunction,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason: 'Reads any original under uploads/ and writes any variant under images/products/ of the image bucket.',
          appliesTo: [{ regex: '/^(Action::s3:.*|Resource::.*ImagesBucket.*\\/(uploads|images\\/products)\\/\\*)$/g' }],
        },
      ],
      true,
    );
    this.imagesBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.imageFunction), { prefix: UPLOAD_PREFIX });

    // ---- Cognito triggers. They get only what they need. The reset link names the site: the distribution
    // refers to the API resource only (not its authorizer, which needs the pool), so this makes no cycle.
    for (const trigger of COGNITO_TRIGGERS) {
      const id = routeId(trigger);
      const fn = new ShopFunction(this, `Trigger${id}Function`, {
        entry: `functions/triggers/${trigger.handler}.ts`,
        description: `Cognito ${trigger.operation} (${this.stage})`,
        environment: { SITE_URL: this.siteUrl },
      });
      suppressFunctionDefaults(fn);
      this.userPool.addTrigger(UserPoolOperation.of(trigger.operation), fn);
      this.triggerFunctions.set(id, fn);
    }

    // ---- The SPA build and its runtime settings, uploaded on every deploy.
    this.spaDeployment = new SpaDeployment(this, 'Spa', {
      logRetentionDays: this.logRetentionDays,
      spaBucket: this.spaBucket,
      distribution: this.distribution,
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

    // ---- Alarms, all to one topic.
    // Jobs, triggers and the image pipeline: the functions that answer no route.
    const others: WatchedFunction[] = [
      ...(props.jobs ?? JOBS).map((job) => ({ label: `job ${job.handler}`, fn: this.jobFunctions.get(routeId(job))! })),
      ...COGNITO_TRIGGERS.map((trigger) => ({ label: `Cognito ${trigger.operation} trigger`, fn: this.triggerFunctions.get(routeId(trigger))! })),
      { label: 'image pipeline', fn: this.imageFunction },
    ];
    const watched: WatchedFunction[] = [
      ...[...new Map(routes.map((route) => [routeId(route), route])).values()].map((route) => ({
        label: sharedLabel(
          routes.filter((other) => other.handler === route.handler),
          `pages (${route.handler})`,
        ),
        fn: this.routeFunctions.get(routeId(route))!,
      })),
      ...others,
    ];
    this.alarms = new ShopAlarms(this, 'Alarms', {
      stage: props.stage,
      api: this.api,
      table: this.table,
      indexNames: TABLE_KEYS.globalSecondaryIndexes.map((gsi) => gsi.indexName),
      functions: watched,
      mailLogGroups: this.mailFunctions.map((fn) => fn.logGroup),
      email: props.alarmEmail,
    });

    // ---- One dashboard: business figures, each function's errors and latency, the API, the table.
    this.dashboard = new ShopDashboard(this, 'Dashboard', {
      stage: props.stage,
      namespace: this.metricsNamespace,
      api: this.api,
      table: this.table,
      routes: routes.map((route) => ({ label: `${route.method} ${route.path}`, fn: this.routeFunctions.get(routeId(route))! })),
      others,
      rateLimits: this.rateLimits ? RATE_LIMIT_GROUPS : undefined,
    });

    this.giveHelperFunctionsLogGroups();
    this.suppressFindings();
    this.acknowledgeGuardFindings();

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl, description: 'The shop' });
    new CfnOutput(this, 'DistributionDomain', { value: this.distribution.distributionDomainName, description: 'The distribution (point a custom domain here)' });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.webClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'SpaBucketName', { value: this.spaBucket.bucketName });
    new CfnOutput(this, 'ImagesBucketName', { value: this.imagesBucket.bucketName });
    new CfnOutput(this, 'LogBucketName', { value: this.logBucket.bucketName, description: 'CloudFront and S3 access logs' });
    new CfnOutput(this, 'StripeSecretArn', {
      value: this.stripeSecret.secretArn,
      description: 'Put the Stripe keys here: aws secretsmanager put-secret-value --secret-id <this> --secret-string \'{"secretKey":"sk_...","webhookSecret":"whsec_..."}\'',
    });
    new CfnOutput(this, 'OriginSecretArn', {
      value: this.originSecret.secretArn,
      description: `What CloudFront sends in the ${ORIGIN_HEADER} header. Rotate: put-secret-value, then cdk deploy -c originSecretVersion=<its VersionId> (README)`,
    });
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${this.siteUrl}/api/webhooks/stripe`,
      description: 'Register in Stripe for payment_intent.amount_capturable_updated, .succeeded, .payment_failed and .canceled (README)',
    });
  }

  /** Roles that may read the origin secret already (roles are shared by permission profile: 0042). */
  private readonly frontDoorRoles = new Set<string>();
  /** One policy, attached to every route function's role: reading the origin secret (its current and previous value). */
  private frontDoorPolicy?: ManagedPolicy;

  /**
   * A route's function refuses any request without the origin secret (functions/lib/origin.ts): it gets the
   * secret's ARN and may read it. One customer-managed policy for all their roles (one resource, and the roles'
   * own policies stay as they were).
   */
  private guardFrontDoor(fn: ShopFunction): void {
    fn.addEnvironment('ORIGIN_SECRET_ARN', this.originSecret.secretArn);
    this.frontDoorPolicy ??= new ManagedPolicy(this, 'FrontDoorSecretRead', {
      description: `Shop functions (${this.stage}) read the origin secret CloudFront sends (docs/decisions/0066)`,
      statements: [new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.originSecret.secretArn] })],
    });
    const role = fn.role!;
    if (this.frontDoorRoles.has(role.node.path)) return;
    this.frontDoorRoles.add(role.node.path);
    this.frontDoorPolicy.attachToRole(role);
  }

  /** A function with the shop defaults, the settings every function reads, and the grants its entry declares. */
  private shopFunction(id: string, entry: string, purpose: string, access: Pick<RouteDef, 'table' | 'uses'>): ShopFunction {
    const fn = new ShopFunction(this, id, {
      entry,
      description: `${purpose} (${this.stage})`,
      environment: this.functionEnvironment,
      role: this.functionRole(access),
    });
    fn.bindTable(this.table, access.table);
    for (const service of access.uses ?? []) this.grantService(fn, service);
    suppressFunctionDefaults(fn);
    return fn;
  }

  /**
   * The execution role of every route and job function with the same permission profile (docs/decisions/0042):
   * the same grants, made once. A role and its policy per function would put the stack past CloudFormation's
   * 500 resources; the functions of one profile may do exactly the same things either way.
   */
  private functionRole(access: Pick<RouteDef, 'table' | 'uses'>): Role {
    const uses = [...new Set(access.uses ?? [])].sort();
    const key = [access.table, ...uses].join('-');
    let role = this.functionRoles.get(key);
    if (!role) {
      const name = key.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());
      role = new Role(this, `FunctionRole${name}`, {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `Shop functions (${this.stage}) with table access "${access.table}"${uses.length ? ` using ${uses.join(', ')}` : ''}`,
        managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
      });
      this.functionRoles.set(key, role);
    }
    return role;
  }

  /** Grants a function one of the other services a route or job declares in `uses`, and its settings. */
  private grantService(fn: ShopFunction, service: NonNullable<RouteDef['uses']>[number]): void {
    switch (service) {
      case 's3':
        fn.addEnvironment('IMAGES_BUCKET', this.imagesBucket.bucketName);
        this.imagesBucket.grantRead(fn);
        this.imagesBucket.grantPut(fn);
        this.imagesBucket.grantDelete(fn);
        NagSuppressions.addResourceSuppressions(
          [fn, fn.role!],
          [{ id: 'AwsSolutions-IAM5', reason: 'Object-level access to the image bucket: any key under the bucket.', appliesTo: [{ regex: '/^(Action::s3:.*|Resource::.*ImagesBucket.*\\/\\*)$/g' }] }],
          true,
        );
        return;
      case 'cognito':
        fn.addEnvironment('USER_POOL_ID', this.userPool.userPoolId);
        this.userPool.grant(fn, 'cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser', 'cognito-idp:ListUsers');
        return;
      case 'stripe':
        // The function reads the keys at cold start (functions/lib/env.ts STRIPE_SECRET_ARN); this secret only.
        fn.addEnvironment('STRIPE_SECRET_ARN', this.stripeSecret.secretArn);
        this.stripeSecret.grantRead(fn);
        return;
      case 'site':
        // Set once the distribution (the site's origin) exists: see the constructor.
        this.siteFunctions.push(fn);
        return;
      case 'ses':
        this.mailFunctions.push(fn);
        if (this.props.shopEmail) fn.addEnvironment('SHOP_EMAIL', this.props.shopEmail);
        if (this.mail) {
          fn.addEnvironment('MAIL_FROM', this.mail.from);
          this.mail.grantSend(fn);
        }
        return;
    }
  }

  /** cdk-nag findings that are deliberate; each names its reason. */
  private suppressFindings(): void {
    NagSuppressions.addResourceSuppressions(this.userPool, [
      { id: 'AwsSolutions-COG1', reason: "The password rule is the product spec's (shared/messages.ts PASSWORD_POLICY): no symbol required." },
      { id: 'AwsSolutions-COG2', reason: 'Shoppers sign in with email and password; MFA is not required for a shop account.' },
      {
        id: 'AwsSolutions-COG8',
        reason:
          "Threat protection needs the Plus feature plan (priced per active user); WAF rate limits on sign-up and password reset (docs/decisions/0025) and Cognito's own limits cover abuse (docs/decisions/0018).",
      },
    ]);
    NagSuppressions.addResourceSuppressions(this.originSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'The origin header is rotated by the operator (put-secret-value, then a deploy with -c originSecretVersion, so CloudFront sends the new value; docs/decisions/0066): a rotation Lambda would change the distribution behind CloudFormation.',
      },
    ]);
    NagSuppressions.addResourceSuppressions(this.stripeSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason: "Stripe keys are rotated in Stripe's dashboard (roll the key there, then put-secret-value); Secrets Manager cannot rotate them.",
      },
    ]);
    NagSuppressions.addResourceSuppressions(this.distribution, [
      { id: 'AwsSolutions-CFR1', reason: 'The shop sells to every country; no geo restriction.' },
      ...(this.props.webAclArn ? [] : [{ id: 'AwsSolutions-CFR2', reason: 'Rate limits are off for this stage (-c rateLimits=off): no web ACL; the API throttle limits abuse (docs/decisions/0025).' }]),
      ...(this.props.domain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason: 'Without a custom domain the default *.cloudfront.net certificate allows no minimum TLS setting; with -c domainName/certificateArn TLSv1.2_2021 applies.',
            },
          ]),
    ]);
    // The CDK's helper that sets the image bucket's event notifications (no function of ours; no code to pick).
    for (const helper of this.node.findAll().filter((c) => c.node.id.startsWith('BucketNotificationsHandler'))) {
      NagSuppressions.addResourceSuppressions(helper, [{ id: 'AwsSolutions-IAM4', reason: 'CDK BucketNotifications helper: AWSLambdaBasicExecutionRole only lets it write its logs.' }], true);
    }
    // The CDK's helper functions (SPA deployment, bucket emptying) are the CDK's code and settings.
    for (const helper of this.node.findAll().filter((c) => /^Custom::CDKBucketDeployment[0-9A-F]{32}/.test(c.node.id))) {
      NagSuppressions.addResourceSuppressions(
        helper,
        [
          { id: 'AwsSolutions-IAM4', reason: 'CDK BucketDeployment helper: AWSLambdaBasicExecutionRole only lets it write its logs.' },
          { id: 'AwsSolutions-IAM5', reason: 'CDK BucketDeployment helper: reads the CDK asset objects and writes any key of the SPA bucket it deploys.' },
          { id: 'AwsSolutions-L1', reason: 'CDK BucketDeployment helper: its runtime is chosen by aws-cdk-lib (pinned).' },
        ],
        true,
      );
    }
  }

  /**
   * Control Tower controls this stack does not follow, acknowledged on the resource with the reason
   * (docs/decisions/0032-guard-rules.md). Functions, log groups and routes acknowledge theirs where they are made
   * (ShopFunction, shopLogGroup, the route loop); the access-log bucket in site.ts.
   */
  /**
   * The CDK's own helper functions (the bucket emptying and the image bucket's notifications) come without a log
   * group: Lambda would make `/aws/lambda/<name>` on first run and keep it for ever. Each gets one of the stage's
   * log groups (its retention) through LoggingConfig, which also makes CloudFormation create it first.
   */
  private giveHelperFunctionsLogGroups(): void {
    const withoutLogGroup = this.node
      .findAll()
      .filter((c): c is CfnResource => c instanceof CfnResource && c.cfnResourceType === 'AWS::Lambda::Function')
      .filter((fn) => !(fn instanceof CfnFunction && fn.loggingConfig));
    for (const fn of withoutLogGroup) {
      const logGroup = shopLogGroup(this, `${Names.uniqueId(fn)}Logs`, this.logRetentionDays);
      fn.addPropertyOverride('LoggingConfig', { LogGroup: logGroup.logGroupName, LogFormat: 'Text' });
    }
  }

  private acknowledgeGuardFindings(): void {
    acknowledgeGuard(this.spaBucket, 'CT.S3.PR.4', `${GUARD_REASONS.noEvents} Each deploy replaces its files.`);
    acknowledgeGuard(this.spaBucket, 'CT.S3.PR.9', GUARD_REASONS.objectLock);
    acknowledgeGuard(this.spaBucket, 'CT.S3.PR.10', GUARD_REASONS.s3Kms);
    acknowledgeGuard(
      this.imagesBucket,
      'CT.S3.PR.4',
      'The image pipeline is notified of every upload under uploads/, but CDK sets that through its BucketNotifications custom resource (Custom::S3BucketNotifications), which the rule does not read.',
    );
    acknowledgeGuard(this.imagesBucket, 'CT.S3.PR.9', GUARD_REASONS.objectLock);
    acknowledgeGuard(this.imagesBucket, 'CT.S3.PR.10', GUARD_REASONS.s3Kms);
    acknowledgeGuard(
      this.distribution,
      'CT.CLOUDFRONT.PR.4',
      'Each path has one origin (the SPA bucket, the image bucket, the API in one region); a failover origin would need a second copy of each in another region.',
    );
    if (!this.props.domain) {
      const reason =
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, which has no SNI or minimum TLS setting; with -c domainName/certificateArn the custom certificate, SNI and TLSv1.2_2021 apply.';
      for (const control of ['CT.CLOUDFRONT.PR.6', 'CT.CLOUDFRONT.PR.7', 'CT.CLOUDFRONT.PR.9'] as const) acknowledgeGuard(this.distribution, control, reason);
    }
    // The CDK's own helper functions (bucket emptying, SPA upload, the image bucket's notifications) run outside a VPC like ours.
    for (const helper of this.node.findAll().filter((c) => /^(Custom::(S3AutoDeleteObjects|CDKBucketDeployment)|BucketNotificationsHandler)/.test(c.node.id))) {
      acknowledgeGuard(helper, 'CT.LAMBDA.PR.3', `CDK helper function. ${GUARD_REASONS.noVpc}`);
    }
  }
}

/** Public routes have no authorizer by design (route table access: public). */
function suppressPublicRoute(httpRoute: HttpRoute, route: RouteDef): void {
  const reason = `${route.method} ${route.path} is public in the route table (shared/routes.ts).`;
  NagSuppressions.addResourceSuppressions(httpRoute, [{ id: 'AwsSolutions-APIG4', reason }]);
  acknowledgeGuard(httpRoute, 'CT.APIGATEWAY.PR.5', reason);
}

/** Findings every route function has by construction. */
function suppressFunctionDefaults(fn: ShopFunction): void {
  NagSuppressions.addResourceSuppressions(
    fn.role ? [fn, fn.role] : fn,
    [
      {
        id: 'AwsSolutions-IAM4',
        reason: 'AWSLambdaBasicExecutionRole only lets the function write its own logs.',
        appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason: "Table grants cover the table's GSIs (index/*); each GSI is part of the same single table.",
        appliesTo: [{ regex: '/^Resource::<Table[A-Za-z0-9]+\\.Arn>\\/index\\/\\*$/g' }],
      },
    ],
    true,
  );
}
