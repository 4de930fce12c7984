import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * AWS Control Tower's proactive controls, as the `@cdklabs/cdk-validator-cfnguard` policy-validation plugin runs
 * them over every template of the app (infra/test/cfn-guard.test.ts). Each control the shop does not follow on
 * some resource is acknowledged on that resource with its reason (docs/decisions/0032-guard-rules.md), through
 * the CDK's own acknowledgement (`Validations.of(x).acknowledge`): it covers the construct and everything under
 * it, and the validation report lists it as suppressed with the reason.
 */

/** The plugin's name: the namespace of its rule ids in acknowledgements. */
export const GUARD_PLUGIN = 'cdk-validator-cfnguard';

/** The controls the shop acknowledges somewhere, by Control Tower id, with the guard rule name the plugin reports. */
export const GUARD_RULES = {
  'CT.APIGATEWAY.PR.5': 'api_gw_v2_authorization_type_configured_check',
  'CT.CLOUDFRONT.PR.4': 'cloudfront_origin_failover_enabled_check',
  'CT.CLOUDFRONT.PR.6': 'cloudfront_custom_ssl_certificate_check',
  'CT.CLOUDFRONT.PR.7': 'cloudfront_sni_enabled_check',
  'CT.CLOUDFRONT.PR.9': 'cloudfront_security_policy_check',
  'CT.CLOUDWATCH.PR.2': 'cloudwatch_log_group_retention_period_check',
  'CT.CLOUDWATCH.PR.3': 'cloudwatch_log_group_encrypted_check',
  'CT.LAMBDA.PR.2': 'lambda_function_public_access_prohibited_check',
  'CT.LAMBDA.PR.3': 'lambda_inside_vpc_check',
  'CT.S3.PR.2': 's3_bucket_logging_enabled_check',
  'CT.S3.PR.4': 's3_event_notifications_enabled_check',
  'CT.S3.PR.9': 's3_bucket_object_lock_enabled_check',
  'CT.S3.PR.10': 's3_bucket_default_encryption_kms_check',
} as const;

export type GuardControl = keyof typeof GUARD_RULES;

/** The reasons used in more than one place (decision 0032 explains each). */
export const GUARD_REASONS = {
  noVpc:
    'No VPC: the functions reach only AWS APIs over TLS with IAM (DynamoDB, S3, SES, Cognito, Secrets Manager) and Stripe; a VPC would add NAT or interface endpoints (a monthly cost per AZ) and protect nothing private.',
  logsKms:
    'CloudWatch Logs encrypts every log group at rest already; a customer-managed key costs per key and request and adds a key policy to keep, for no reader it would stop.',
  s3Kms:
    'SSE-S3 encrypts at rest; SSE-KMS would need a customer-managed key (the AWS-managed aws/s3 key cannot be shared) that CloudFront origin access and S3/CloudFront log delivery may use, a monthly cost for no reader it would stop.',
  objectLock:
    'Object Lock would make objects undeletable: the SPA is replaced on each deploy, admins delete product images, access logs expire after 90 days.',
  noEvents: 'Nothing in the shop reacts to changes in this bucket.',
} as const;

/** Acknowledges a Control Tower control on a construct and everything under it, with the reason. */
export function acknowledgeGuard(scope: IConstruct, control: GuardControl, reason: string): void {
  Validations.of(scope).acknowledge({
    id: `${GUARD_PLUGIN}::${GUARD_RULES[control]}`,
    reason: `${control}: ${reason}`,
  });
}
