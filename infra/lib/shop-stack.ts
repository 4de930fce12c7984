import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, type HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { AccountRecovery, UserPool, UserPoolOperation, type UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { TABLE_KEYS } from '../../functions/db/table-definition';
import { PASSWORD_POLICY } from '../../shared/messages';
import { ADMIN_GROUP } from '../../shared/roles';
import { COGNITO_TRIGGERS, JOBS, type JobDef } from '../../shared/jobs';
import { ROUTES, routeId, type RouteDef } from '../../shared/routes';
import { ShopAlarms, type WatchedFunction } from './alarms';
import { ShopMail } from './mail';
import { DEFAULT_THROTTLE, SettingsError, settingsProblems, type StageSettings } from './settings';
import { ShopFunction } from './shop-function';
import { createAccessLogBucket, createDistribution, PRIVATE_BUCKET, SpaDeployment } from './site';

export interface ShopStackProps extends StackProps, StageSettings {
  /** Deployment stage (dev, prod, ...): two stages live side by side in one account. */
  stage: string;
  /** The route table; defaults to the shared one. Tests may pass another list. */
  routes?: readonly RouteDef[];
  /** The scheduled jobs; defaults to the shared list. */
  jobs?: readonly JobDef[];
}

/** Token lifetimes of the web client (docs/decisions/0017-cognito-tokens-and-admins.md). */
export const TOKEN_VALIDITY = { access: Duration.hours(1), id: Duration.hours(1), refresh: Duration.days(30) } as const;

/** The shape of the Stripe secret; the operator writes the real keys with `aws secretsmanager put-secret-value`. */
export const STRIPE_SECRET_TEMPLATE = { secretKey: '', webhookSecret: '' } as const;

/**
 * The shop on AWS: one table, the user pool, the HTTP API with one function per route of the route table,
 * one function per scheduled job, one CloudFront distribution serving the SPA, the API and the images from the
 * same origin, the SES identity, the Stripe secret and the alarms.
 */
export class ShopStack extends Stack {
  readonly stage: string;
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
  /** The SES identity and sender; absent when no `sesIdentity` was given (then no function may send). */
  readonly mail?: ShopMail;
  readonly spaDeployment: SpaDeployment;
  readonly alarms: ShopAlarms;
  /** The function of each route, by route id (`routeId(route)`). */
  readonly routeFunctions = new Map<string, ShopFunction>();
  /** The function of each scheduled job, by `routeId(job)`. */
  readonly jobFunctions = new Map<string, ShopFunction>();
  /** The function of each Cognito trigger, by `routeId(trigger)`. */
  readonly triggerFunctions = new Map<string, ShopFunction>();
  /** Functions that send mail (their logs feed the failed-mail metric). */
  readonly mailFunctions: ShopFunction[] = [];
  private readonly functionEnvironment: Record<string, string>;
  private readonly props: ShopStackProps;

  constructor(scope: Construct, id: string, props: ShopStackProps) {
    super(scope, id, props);
    const problems = settingsProblems(props.stage, props);
    if (problems.length) throw new SettingsError(props.stage, problems);
    this.props = props;
    this.stage = props.stage;
    const isProd = props.stage === 'prod';

    // ---- Data: the one table, keys and indexes from the shared definition.
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
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
    // The SPA bucket holds only build output, redeployed each time: emptied and removed with the stack.
    this.spaBucket = new Bucket(this, 'SpaBucket', {
      ...PRIVATE_BUCKET,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/spa/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    // Product images are the shop's content: kept, versioned; replaced or deleted versions go after 90 days.
    this.imagesBucket = new Bucket(this, 'ImagesBucket', {
      ...PRIVATE_BUCKET,
      versioned: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/images/',
      lifecycleRules: [
        { id: 'old-image-versions', noncurrentVersionExpiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
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
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'HttpApiAccessLogs', { retention: RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY }),
        ),
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
    for (const route of routes) {
      const id = routeId(route);
      const fn = this.shopFunction(`${id}Function`, `functions/http/${route.handler}.ts`, `${route.method} ${route.path}`, route);
      this.routeFunctions.set(id, fn);

      const [httpRoute] = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${id}Integration`, fn),
        authorizer: route.access === 'public' ? undefined : authorizer,
      });
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
    });
    this.distribution = site.distribution;
    this.siteUrl = props.siteUrl ?? `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;

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
    const watched: WatchedFunction[] = [
      ...routes.map((route) => ({ label: `${route.method} ${route.path}`, fn: this.routeFunctions.get(routeId(route))! })),
      ...(props.jobs ?? JOBS).map((job) => ({ label: `job ${job.handler}`, fn: this.jobFunctions.get(routeId(job))! })),
      ...COGNITO_TRIGGERS.map((trigger) => ({ label: `Cognito ${trigger.operation} trigger`, fn: this.triggerFunctions.get(routeId(trigger))! })),
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

    this.suppressFindings();

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl, description: 'The shop' });
    new CfnOutput(this, 'ApiUrl', { value: this.apiStage.url, description: 'HTTP API endpoint (direct; the shop uses the distribution)' });
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
    new CfnOutput(this, 'StripeWebhookUrl', { value: `${this.siteUrl}/api/webhooks/stripe`, description: 'Register in Stripe for payment_intent.succeeded' });
  }

  /** A function with the shop defaults, the settings every function reads, and the grants its entry declares. */
  private shopFunction(id: string, entry: string, purpose: string, access: Pick<RouteDef, 'table' | 'uses'>): ShopFunction {
    const fn = new ShopFunction(this, id, {
      entry,
      description: `${purpose} (${this.stage})`,
      environment: this.functionEnvironment,
    });
    fn.bindTable(this.table, access.table);
    for (const service of access.uses ?? []) this.grantService(fn, service);
    suppressFunctionDefaults(fn);
    return fn;
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
          fn,
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
      { id: 'AwsSolutions-COG1', reason: 'The password rule is the product spec\'s (shared/messages.ts PASSWORD_POLICY): no symbol required.' },
      { id: 'AwsSolutions-COG2', reason: 'Shoppers sign in with email and password; MFA is not required for a shop account.' },
      {
        id: 'AwsSolutions-COG8',
        reason: 'Threat protection needs the Plus feature plan (priced per active user); the API throttle and Cognito\'s own limits cover abuse (docs/decisions/0018).',
      },
    ]);
    NagSuppressions.addResourceSuppressions(this.stripeSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason: 'Stripe keys are rotated in Stripe\'s dashboard (roll the key there, then put-secret-value); Secrets Manager cannot rotate them.',
      },
    ]);
    NagSuppressions.addResourceSuppressions(this.distribution, [
      { id: 'AwsSolutions-CFR1', reason: 'The shop sells to every country; no geo restriction.' },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'WAF is a monthly cost this small shop does not carry yet; the API throttle limits abuse (docs/decisions/0018).',
      },
      ...(this.props.domain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason: 'Without a custom domain the default *.cloudfront.net certificate allows no minimum TLS setting; with -c domainName/certificateArn TLSv1.2_2021 applies.',
            },
          ]),
    ]);
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
}

/** Public routes have no authorizer by design (route table access: public). */
function suppressPublicRoute(httpRoute: HttpRoute, route: RouteDef): void {
  NagSuppressions.addResourceSuppressions(httpRoute, [
    { id: 'AwsSolutions-APIG4', reason: `${route.method} ${route.path} is public in the route table (shared/routes.ts).` },
  ]);
}

/** Findings every route function has by construction. */
function suppressFunctionDefaults(fn: ShopFunction): void {
  NagSuppressions.addResourceSuppressions(
    fn,
    [
      {
        id: 'AwsSolutions-IAM4',
        reason: 'AWSLambdaBasicExecutionRole only lets the function write its own logs.',
        appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason: 'Table grants cover the table\'s GSIs (index/*); each GSI is part of the same single table.',
        appliesTo: [{ regex: '/^Resource::<Table[A-Za-z0-9]+\\.Arn>\\/index\\/\\*$/g' }],
      },
    ],
    true,
  );
}
