import type { HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { UserPool } from 'aws-cdk-lib/aws-cognito';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { RouteDef } from '#shared/routes';
import { acknowledgeGuard, GUARD_REASONS } from './guard';

/**
 * The cdk-nag findings (AwsSolutions) and Control Tower controls (decision 0032) the shop does not follow, each on
 * the resources it concerns with its reason. Grants that need one (the image bucket's object access) carry theirs
 * where they are made; everything else is here. infra/test/cdk-nag.test.ts and cfn-guard.test.ts fail on a
 * suppression that no longer matches a finding.
 */

/** Public routes have no authorizer by design (route table access: public). */
export function suppressPublicRoute(httpRoute: HttpRoute, route: RouteDef): void {
  const reason = `${route.method} ${route.path} is public in the route table (shared/routes.ts).`;
  NagSuppressions.addResourceSuppressions(httpRoute, [{ id: 'AwsSolutions-APIG4', reason }]);
  acknowledgeGuard(httpRoute, 'CT.APIGATEWAY.PR.5', reason);
}

/** Findings every function of the shop has by construction. */
export function suppressFunctionDefaults(fn: LambdaFunction): void {
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

/** The stack's resources that carry a finding on purpose. */
export interface SuppressedParts {
  userPool: UserPool;
  stripeSecret: Secret;
  shippingSecret: Secret;
  originSecret: Secret;
  linkSigningSecret: Secret;
  distribution: Distribution;
  spaBucket: Bucket;
  imagesBucket: Bucket;
  /** The distribution has a web ACL (rate limits on). */
  hasWebAcl: boolean;
  /** A custom domain with its certificate (the TLS settings then hold). */
  hasCustomDomain: boolean;
}

/** cdk-nag findings that are deliberate; each names its reason. */
export function suppressFindings(stack: Construct, parts: SuppressedParts): void {
  NagSuppressions.addResourceSuppressions(parts.userPool, [
    {
      id: 'AwsSolutions-COG1',
      reason: "The password rule is the product spec's (shared/messages.ts PASSWORD_POLICY): no symbol required.",
    },
    {
      id: 'AwsSolutions-COG2',
      reason: 'Shoppers sign in with email and password; MFA is not required for a shop account.',
    },
    {
      id: 'AwsSolutions-COG8',
      reason:
        "Threat protection needs the Plus feature plan (priced per active user); WAF rate limits on sign-up and password reset (docs/decisions/0025) and Cognito's own limits cover abuse (docs/decisions/0018).",
    },
  ]);
  NagSuppressions.addResourceSuppressions(parts.originSecret, [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'The origin header is rotated by the operator (put-secret-value, then a deploy with -c originSecretVersion, so CloudFront sends the new value; docs/decisions/0066): a rotation Lambda would change the distribution behind CloudFormation.',
    },
  ]);
  NagSuppressions.addResourceSuppressions(parts.linkSigningSecret, [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        'The key signs links already mailed (a restore link lives 7 days, an unsubscribe link must work for 30): links are accepted with the current and the previous value, so a rotation by hand (put-secret-value, when the key leaked) keeps them, but a scheduled one every 30 days would retire links the law says must still work (docs/decisions/0078, 0084).',
    },
  ]);
  NagSuppressions.addResourceSuppressions(parts.stripeSecret, [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        "Stripe keys are rotated in Stripe's dashboard (roll the key there, then put-secret-value); Secrets Manager cannot rotate them.",
    },
  ]);
  NagSuppressions.addResourceSuppressions(parts.shippingSecret, [
    {
      id: 'AwsSolutions-SMG4',
      reason:
        "EasyPost keys are rotated in EasyPost's dashboard (make a new key there, then put-secret-value); Secrets Manager cannot rotate them.",
    },
  ]);
  NagSuppressions.addResourceSuppressions(parts.distribution, [
    { id: 'AwsSolutions-CFR1', reason: 'The shop sells to every country; no geo restriction.' },
    ...(parts.hasWebAcl
      ? []
      : [
          {
            id: 'AwsSolutions-CFR2',
            reason:
              'Rate limits are off for this stage (-c rateLimits=off): no web ACL; the API throttle limits abuse (docs/decisions/0025).',
          },
        ]),
    ...(parts.hasCustomDomain
      ? []
      : [
          {
            id: 'AwsSolutions-CFR4',
            reason:
              'Without a custom domain the default *.cloudfront.net certificate allows no minimum TLS setting; with -c domainName/certificateArn TLSv1.2_2021 applies.',
          },
        ]),
  ]);
  // The CDK's helper that sets the image bucket's event notifications (no function of ours; no code to pick).
  for (const helper of stack.node.findAll().filter((c) => c.node.id.startsWith('BucketNotificationsHandler'))) {
    NagSuppressions.addResourceSuppressions(
      helper,
      [
        {
          id: 'AwsSolutions-IAM4',
          reason: 'CDK BucketNotifications helper: AWSLambdaBasicExecutionRole only lets it write its logs.',
        },
      ],
      true,
    );
  }
  // The CDK's helper functions (SPA deployment, bucket emptying) are the CDK's code and settings.
  for (const helper of stack.node.findAll().filter((c) => /^Custom::CDKBucketDeployment[0-9A-F]{32}/.test(c.node.id))) {
    NagSuppressions.addResourceSuppressions(
      helper,
      [
        {
          id: 'AwsSolutions-IAM4',
          reason: 'CDK BucketDeployment helper: AWSLambdaBasicExecutionRole only lets it write its logs.',
        },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'CDK BucketDeployment helper: reads the CDK asset objects and writes any key of the SPA bucket it deploys.',
        },
        {
          id: 'AwsSolutions-L1',
          reason: 'CDK BucketDeployment helper: its runtime is chosen by aws-cdk-lib (pinned).',
        },
      ],
      true,
    );
  }
}

/**
 * Control Tower controls this stack does not follow, acknowledged on the resource with the reason
 * (docs/decisions/0032-guard-rules.md). Functions, log groups and routes acknowledge theirs where they are made
 * (ShopFunction, shopLogGroup, ShopApi); the access-log bucket in storage.ts.
 */
export function acknowledgeGuardFindings(stack: Construct, parts: SuppressedParts): void {
  acknowledgeGuard(parts.spaBucket, 'CT.S3.PR.4', `${GUARD_REASONS.noEvents} Each deploy replaces its files.`);
  acknowledgeGuard(parts.spaBucket, 'CT.S3.PR.9', GUARD_REASONS.objectLock);
  acknowledgeGuard(parts.spaBucket, 'CT.S3.PR.10', GUARD_REASONS.s3Kms);
  acknowledgeGuard(
    parts.imagesBucket,
    'CT.S3.PR.4',
    'The image pipeline is notified of every upload under uploads/, but CDK sets that through its BucketNotifications custom resource (Custom::S3BucketNotifications), which the rule does not read.',
  );
  acknowledgeGuard(parts.imagesBucket, 'CT.S3.PR.9', GUARD_REASONS.objectLock);
  acknowledgeGuard(parts.imagesBucket, 'CT.S3.PR.10', GUARD_REASONS.s3Kms);
  acknowledgeGuard(
    parts.distribution,
    'CT.CLOUDFRONT.PR.4',
    'Each path has one origin (the SPA bucket, the image bucket, the API in one region); a failover origin would need a second copy of each in another region.',
  );
  if (!parts.hasCustomDomain) {
    const reason =
      'Without a custom domain the distribution uses the default *.cloudfront.net certificate, which has no SNI or minimum TLS setting; with -c domainName/certificateArn the custom certificate, SNI and TLSv1.2_2021 apply.';
    for (const control of ['CT.CLOUDFRONT.PR.6', 'CT.CLOUDFRONT.PR.7', 'CT.CLOUDFRONT.PR.9'] as const)
      acknowledgeGuard(parts.distribution, control, reason);
  }
  // The CDK's own helper functions (bucket emptying, SPA upload, the image bucket's notifications) run outside a VPC
  // like ours.
  for (const helper of stack.node
    .findAll()
    .filter((c) => /^(Custom::(S3AutoDeleteObjects|CDKBucketDeployment)|BucketNotificationsHandler)/.test(c.node.id))) {
    acknowledgeGuard(helper, 'CT.LAMBDA.PR.3', `CDK helper function. ${GUARD_REASONS.noVpc}`);
  }
}
