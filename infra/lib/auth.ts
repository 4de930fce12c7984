import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccountRecovery, UserPool, UserPoolOperation, type UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { COGNITO_TRIGGERS } from '#shared/jobs';
import { PASSWORD_POLICY } from '#shared/messages';
import { ADMIN_GROUP, TOKEN_LIFETIMES } from '#shared/roles';
import { routeId } from '#shared/routes';
import { ShopFunction } from './shop-function';
import { suppressFunctionDefaults } from './suppressions';

/** Token lifetimes of the web client (docs/decisions/0017-cognito-tokens-and-admins.md). */
export const TOKEN_VALIDITY = {
  access: Duration.hours(TOKEN_LIFETIMES.accessHours),
  id: Duration.hours(TOKEN_LIFETIMES.idHours),
  refresh: Duration.days(TOKEN_LIFETIMES.refreshDays),
} as const;

/**
 * Auth: the user pool (email + password; admins are the members of the admin group), its web client and, once
 * the site's address is known, the Cognito triggers. Made in the stack's own scope (docs/decisions/0071).
 */
export class ShopAuth {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** The issuer of the pool's tokens, as API Gateway and the functions check it. */
  readonly issuer: string;
  /** The function of each Cognito trigger, by `routeId(trigger)`. */
  readonly triggerFunctions = new Map<string, ShopFunction>();
  private readonly scope: Construct;
  private readonly stage: string;

  constructor(scope: Construct, props: { stage: string; isProd: boolean }) {
    this.scope = scope;
    this.stage = props.stage;
    this.userPool = new UserPool(scope, 'UserPool', {
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
      deletionProtection: props.isProd,
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
    const stack = Stack.of(scope);
    this.issuer = `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.userPool.userPoolId}`;
  }

  /**
   * The Cognito triggers (shared/jobs.ts COGNITO_TRIGGERS), each its own function with only what it needs. The
   * reset link names the site: the distribution refers to the API resource only (not its authorizer, which needs
   * the pool), so this makes no cycle.
   */
  addTriggers(siteUrl: string): void {
    for (const trigger of COGNITO_TRIGGERS) {
      const id = routeId(trigger);
      const fn = new ShopFunction(this.scope, `Trigger${id}Function`, {
        entry: `functions/triggers/${trigger.handler}.ts`,
        description: `Cognito ${trigger.operation} (${this.stage})`,
        environment: { SITE_URL: siteUrl },
      });
      suppressFunctionDefaults(fn);
      this.userPool.addTrigger(UserPoolOperation.of(trigger.operation), fn);
      this.triggerFunctions.set(id, fn);
    }
  }
}
