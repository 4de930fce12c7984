import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, type HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  Function as CloudFrontFunction,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AccountRecovery, UserPool, UserPoolOperation, type UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { TABLE_KEYS } from '../../functions/db/table-definition';
import { PASSWORD_POLICY } from '../../shared/messages';
import { ADMIN_GROUP } from '../../shared/roles';
import { COGNITO_TRIGGERS, JOBS, type JobDef } from '../../shared/jobs';
import { ROUTES, routeId, type RouteDef } from '../../shared/routes';
import { ShopFunction } from './shop-function';

/** The Cognito group whose members are admins (design §1); functions/lib/auth.ts checks the same name. */


export interface ShopStackProps extends StackProps {
  /** Deployment stage (dev, prod, ...): two stages live side by side in one account. */
  stage: string;
  /** The route table; defaults to the shared one. Tests may pass another list. */
  routes?: readonly RouteDef[];
  /** The scheduled jobs; defaults to the shared list. */
  jobs?: readonly JobDef[];
  /** Mail addresses handed to every function (MAIL_FROM, SHOP_EMAIL); context `mailFrom`, `shopEmail`. */
  mail?: { from?: string; shopEmail?: string };
  /** The shop's public URL (context `siteUrl`), used in the password-reset link. */
  siteUrl?: string;
}

/**
 * The shop on AWS: one table, the user pool, the HTTP API with one function per route of the route table,
 * one function per scheduled job, and one CloudFront distribution serving the SPA, the API and the images
 * from the same origin.
 */
export class ShopStack extends Stack {
  readonly stage: string;
  readonly table: Table;
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  readonly api: HttpApi;
  readonly spaBucket: Bucket;
  readonly imagesBucket: Bucket;
  readonly distribution: Distribution;
  /** The function of each route, by route id (`routeId(route)`). */
  readonly routeFunctions = new Map<string, ShopFunction>();
  /** The function of each scheduled job, by `routeId(job)`. */
  readonly jobFunctions = new Map<string, ShopFunction>();
  private readonly functionEnvironment: Record<string, string>;

  constructor(scope: Construct, id: string, props: ShopStackProps) {
    super(scope, id, props);
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
    });
    const issuer = `https://cognito-idp.${this.region}.${this.urlSuffix}/${this.userPool.userPoolId}`;

    // ---- Files: private buckets, reached only through CloudFront (origin access control).
    const privateBucket = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    } as const;
    // The SPA bucket holds only build output, redeployed each time: emptied and removed with the stack.
    this.spaBucket = new Bucket(this, 'SpaBucket', { ...privateBucket, removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true });
    // Product images are the shop's content: kept.
    this.imagesBucket = new Bucket(this, 'ImagesBucket', { ...privateBucket, versioned: true, removalPolicy: RemovalPolicy.RETAIN });

    // ---- API: one function and one route per entry of the route table.
    this.api = new HttpApi(this, 'HttpApi', { description: `Shop API (${props.stage})`, createDefaultStage: false });
    const stage = new HttpStage(this, 'HttpApiDefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
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
      ...(props.mail?.from ? { MAIL_FROM: props.mail.from } : {}),
      ...(props.mail?.shopEmail ? { SHOP_EMAIL: props.mail.shopEmail } : {}),
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

    // ---- Cognito triggers. They get only what they need: the pool must not depend on its own client.
    for (const trigger of COGNITO_TRIGGERS) {
      const fn = new ShopFunction(this, `Trigger${routeId(trigger)}Function`, {
        entry: `functions/triggers/${trigger.handler}.ts`,
        description: `Cognito ${trigger.operation} (${this.stage})`,
        environment: { SITE_URL: props.siteUrl ?? '' },
      });
      suppressFunctionDefaults(fn);
      this.userPool.addTrigger(UserPoolOperation.of(trigger.operation), fn);
    }

    // ---- One origin for everything: the SPA, /api/* and /auth/* to the API, /images/* to the image bucket.
    const apiBehavior: BehaviorOptions = {
      origin: new HttpOrigin(`${this.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // With caching off this forwards Authorization too; Host would not match the API's own domain.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Shop (${props.stage})`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.spaBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: this.spaRoutingFunction() }],
      },
      additionalBehaviors: {
        '/api/*': apiBehavior,
        '/auth/*': apiBehavior,
        '/images/*': {
          origin: S3BucketOrigin.withOriginAccessControl(this.imagesBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        },
      },
    });

    this.suppressSkeletonFindings();

    new CfnOutput(this, 'ApiUrl', { value: stage.url, description: 'HTTP API endpoint (direct; the shop uses the distribution)' });
    new CfnOutput(this, 'DistributionDomain', { value: this.distribution.distributionDomainName, description: 'The shop URL' });
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.webClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'SpaBucketName', { value: this.spaBucket.bucketName });
    new CfnOutput(this, 'ImagesBucketName', { value: this.imagesBucket.bucketName });
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

  /** Grants a function one of the other services a route or job declares in `uses`. */
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
        // The Stripe keys' secret comes with the production stack (issue 7).
        return;
      case 'ses':
        // The sending identity comes from context in the production issue; until then any identity of the account.
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail', 'ses:SendRawEmail'],
            resources: [this.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
          }),
        );
        NagSuppressions.addResourceSuppressions(
          fn,
          [{ id: 'AwsSolutions-IAM5', reason: 'Sending identity not chosen yet (set from context later).', appliesTo: [{ regex: '/^Resource::arn:.*:ses:.*:identity\\/\\*$/g' }] }],
          true,
        );
        return;
    }
  }

  /** Deep links of the SPA (`/products/42`) get index.html; paths with a file extension are left alone. */
  private spaRoutingFunction(): CloudFrontFunction {
    return new CloudFrontFunction(this, 'SpaRoutingFunction', {
      comment: 'Serves index.html for SPA routes',
      code: FunctionCode.fromInline(
        [
          'function handler(event) {',
          '  var request = event.request;',
          "  var last = request.uri.split('/').pop();",
          "  if (last.indexOf('.') === -1) request.uri = '/index.html';",
          '  return request;',
          '}',
        ].join('\n'),
      ),
    });
  }

  /** cdk-nag findings that are deliberate at this stage; each names its reason. */
  private suppressSkeletonFindings(): void {
    NagSuppressions.addResourceSuppressions(this.userPool, [
      { id: 'AwsSolutions-COG1', reason: 'The password rule is the product spec\'s (shared/messages.ts PASSWORD_POLICY): no symbol required.' },
      { id: 'AwsSolutions-COG2', reason: 'Shoppers sign in with email and password; MFA is not required for a shop account.' },
      { id: 'AwsSolutions-COG8', reason: 'Threat protection (Plus feature plan) is a cost decision left to the production issue.' },
    ]);
    for (const bucket of [this.spaBucket, this.imagesBucket]) {
      NagSuppressions.addResourceSuppressions(bucket, [
        { id: 'AwsSolutions-S1', reason: 'Server access logs: a log bucket is added with production hardening.' },
      ]);
    }
    NagSuppressions.addResourceSuppressions(this.distribution, [
      { id: 'AwsSolutions-CFR1', reason: 'The shop sells to every country; no geo restriction.' },
      { id: 'AwsSolutions-CFR2', reason: 'WAF is a cost decision left to the production issue.' },
      { id: 'AwsSolutions-CFR3', reason: 'Access logs: a log bucket is added with production hardening.' },
      { id: 'AwsSolutions-CFR4', reason: 'The default *.cloudfront.net certificate allows no minimum TLS setting; a custom domain comes later.' },
    ]);
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
