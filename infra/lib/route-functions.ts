import type { UserPool } from 'aws-cdk-lib/aws-cognito';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { RouteDef } from '#shared/routes';
import type { ShopMail } from './mail';
import { ShopFunction } from './shop-function';
import { suppressFunctionDefaults } from './suppressions';

/** What a route or job declares it needs: table access and the other services (`uses`). */
export type FunctionAccess = Pick<RouteDef, 'table' | 'uses' | 'native'>;

export interface ShopFunctionsProps {
  stage: string;
  /** Settings every function reads (the Cognito issuer and client). */
  environment: Record<string, string>;
  table: Table;
  imagesBucket: Bucket;
  userPool: UserPool;
  stripeSecret: Secret;
  /** The shipping provider's keys (`shipping`: docs/decisions/0161). */
  shippingSecret: Secret;
  /** The stage prices tax with Stripe Tax (context `stripeTax`): STRIPE_TAX=on where Stripe is used. */
  stripeTax?: boolean;
  originSecret: Secret;
  /** Signs and checks the links of mails (`links`). */
  linkSigningSecret: Secret;
  /** Absent without an SES identity: then no function may send. */
  mail?: ShopMail;
  shopEmail?: string;
  /**
   * The shop's postal address, in the footer of mail a shopper did not ask for (CAN-SPAM; functions that use `links`).
   */
  postalAddress?: string;
}

/**
 * Makes the functions of routes and jobs: the shop defaults (ShopFunction), the settings every function reads, one
 * execution role per permission profile, and exactly the grants an entry declares. The roles live in the shop
 * stack; a route's function lives in its area's nested stack (docs/decisions/0094), a job's in the shop stack.
 */
export class ShopFunctions {
  /** Functions that send mail (their logs feed the failed-mail metric). */
  readonly mailFunctions: ShopFunction[] = [];
  /** Functions that read index.html and the site's origin (the page function); set up once the distribution exists. */
  readonly siteFunctions: ShopFunction[] = [];
  /** Functions that know the site's origin only (feeds, the catalogue's file); set up once the distribution exists. */
  readonly originFunctions: ShopFunction[] = [];
  /** Functions that make or check the links of mails: they learn the site's origin once the distribution exists. */
  readonly linkFunctions: ShopFunction[] = [];
  private readonly roles = new Map<string, Role>();
  /** Roles that may read the origin secret already (roles are shared by permission profile: 0042). */
  private readonly frontDoorRoles = new Set<string>();
  /**
   * One policy, attached to every route function's role: reading the origin secret (its current and previous value).
   */
  private frontDoorPolicy?: ManagedPolicy;
  private readonly scope: Construct;
  private readonly props: ShopFunctionsProps;

  constructor(scope: Construct, props: ShopFunctionsProps) {
    this.scope = scope;
    this.props = props;
  }

  /**
   * A function with the shop defaults, the settings every function reads, and the grants its entry declares, in
   * `scope` (the stack's own by default; a route's in its area's nested stack). Its role stays in the shop stack.
   */
  create(id: string, entry: string, purpose: string, access: FunctionAccess, scope = this.scope): ShopFunction {
    const fn = new ShopFunction(scope, id, {
      entry,
      description: `${purpose} (${this.props.stage})`,
      environment: this.props.environment,
      role: this.role(access),
      ...(access.native?.length ? { nativeModules: [...access.native] } : {}),
    });
    fn.bindTable(this.props.table, access.table);
    for (const service of access.uses ?? []) this.grantService(fn, service);
    suppressFunctionDefaults(fn);
    return fn;
  }

  /**
   * A route's function refuses any request without the origin secret (functions/lib/origin.ts): it gets the
   * secret's ARN and may read it. One customer-managed policy for all their roles (one resource, and the roles'
   * own policies stay as they were).
   */
  guardFrontDoor(fn: ShopFunction): void {
    const { originSecret, stage } = this.props;
    fn.addEnvironment('ORIGIN_SECRET_ARN', originSecret.secretArn);
    this.frontDoorPolicy ??= new ManagedPolicy(this.scope, 'FrontDoorSecretRead', {
      description: `Shop functions (${stage}) read the origin secret CloudFront sends (docs/decisions/0066)`,
      statements: [
        new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [originSecret.secretArn] }),
      ],
    });
    const role = fn.role!;
    if (this.frontDoorRoles.has(role.node.path)) return;
    this.frontDoorRoles.add(role.node.path);
    this.frontDoorPolicy.attachToRole(role);
  }

  /**
   * The execution role of every route and job function with the same permission profile (docs/decisions/0042):
   * the same grants, made once. A role and its policy per function would put the stack past CloudFormation's
   * 500 resources; the functions of one profile may do exactly the same things either way.
   */
  private role(access: FunctionAccess): Role {
    // `origin` is a setting (SITE_URL), not a permission: a role of its own would be two resources that grant the same.
    const uses = [...new Set(access.uses ?? [])].filter((use) => use !== 'origin').sort();
    const key = [access.table, ...uses].join('-');
    let role = this.roles.get(key);
    if (!role) {
      const name = key.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());
      role = new Role(this.scope, `FunctionRole${name}`, {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `Shop functions (${this.props.stage}) with table access "${access.table}"${uses.length ? ` using ${uses.join(', ')}` : ''}`,
        managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
      });
      this.roles.set(key, role);
    }
    return role;
  }

  /** Grants a function one of the other services a route or job declares in `uses`, and its settings. */
  private grantService(fn: ShopFunction, service: NonNullable<RouteDef['uses']>[number]): void {
    const {
      imagesBucket,
      userPool,
      stripeSecret,
      shippingSecret,
      stripeTax,
      linkSigningSecret,
      mail,
      shopEmail,
      postalAddress,
    } = this.props;
    switch (service) {
      case 's3':
        fn.addEnvironment('IMAGES_BUCKET', imagesBucket.bucketName);
        imagesBucket.grantRead(fn);
        imagesBucket.grantPut(fn);
        imagesBucket.grantDelete(fn);
        NagSuppressions.addResourceSuppressions(
          [fn, fn.role!],
          [
            {
              id: 'AwsSolutions-IAM5',
              reason: 'Object-level access to the image bucket: any key under the bucket.',
              appliesTo: [{ regex: '/^(Action::s3:.*|Resource::.*ImagesBucket.*\\/\\*)$/g' }],
            },
          ],
          true,
        );
        return;
      case 'cognito':
        fn.addEnvironment('USER_POOL_ID', userPool.userPoolId);
        userPool.grant(fn, 'cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser', 'cognito-idp:ListUsers');
        return;
      case 'stripe':
        // The function reads the keys at cold start (functions/lib/env.ts STRIPE_SECRET_ARN); this secret only.
        fn.addEnvironment('STRIPE_SECRET_ARN', stripeSecret.secretArn);
        // Stripe Tax with the same keys (docs/decisions/0108): the card step's calculation; off, the state table.
        if (stripeTax) fn.addEnvironment('STRIPE_TAX', 'on');
        stripeSecret.grantRead(fn);
        return;
      case 'shipping':
        // The provider's keys at cold start (functions/lib/env.ts SHIPPING_SECRET_ARN); this secret only.
        fn.addEnvironment('SHIPPING_SECRET_ARN', shippingSecret.secretArn);
        shippingSecret.grantRead(fn);
        return;
      case 'site':
        // Set once the distribution (the site's origin) exists: see ShopStack.
        this.siteFunctions.push(fn);
        return;
      case 'origin':
        this.originFunctions.push(fn);
        return;
      case 'links':
        // The signing key at cold start (functions/lib/signed-tokens.ts); this secret only. SITE_URL: see ShopStack.
        fn.addEnvironment('LINK_SIGNING_SECRET_ARN', linkSigningSecret.secretArn);
        linkSigningSecret.grantRead(fn);
        if (postalAddress) fn.addEnvironment('SHOP_POSTAL_ADDRESS', postalAddress);
        this.linkFunctions.push(fn);
        return;
      case 'ses':
        this.mailFunctions.push(fn);
        if (shopEmail) fn.addEnvironment('SHOP_EMAIL', shopEmail);
        if (mail) {
          fn.addEnvironment('MAIL_FROM', mail.from);
          mail.grantSend(fn);
        }
        return;
    }
  }
}
