/**
 * The operator's settings of one stage, read from CDK context (`-c key=value` or cdk.json) and checked before
 * anything is built, so a wrong value fails `cdk synth` with a message naming the setting
 * (docs/decisions/0012-stage-settings.md).
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRateLimitSwitch, settingText, type RateLimitSwitch } from '#shared/rate-limits';
import { DOMAIN, EMAIL, mailFromProblem } from './addresses';

/** Where the shop's mail comes from: an SES identity (a domain or one address) and the addresses of the mails. */
export interface MailSettings {
  /** The SES identity: a domain (`example.com`) or an address (`shop@example.com`). Context `sesIdentity`. */
  identity: string;
  /**
   * The identity already exists in SES (verified outside this stack): only reference it. Context `sesIdentityExists`.
   */
  identityExists?: boolean;
  /** Sender of every mail; must belong to the identity. Default: `no-reply@<domain>`, or the identity's address. */
  from?: string;
}

export interface ThrottleSettings {
  /** Steady requests per second of the whole API (default stage route settings). */
  rateLimit: number;
  /** Burst of requests above the rate. */
  burstLimit: number;
}

/** A custom domain for the distribution (an ACM certificate in us-east-1 covering it). */
export interface DomainSettings {
  name: string;
  certificateArn: string;
}

export const DEFAULT_THROTTLE: ThrottleSettings = { rateLimit: 50, burstLimit: 100 };

/** The retention periods CloudWatch Logs accepts, in days. */
export const LOG_RETENTION_CHOICES = [
  1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
] as const;

/**
 * How long a stage keeps its logs (every function, the API access log, the SPA deployment) unless context
 * `logRetentionDays` says otherwise: a year in prod (card disputes come months later; Control Tower asks for a
 * year), a month elsewhere.
 */
export function defaultLogRetentionDays(stage: string): number {
  return stage === 'prod' ? 365 : 30;
}

/** The settings of a stage, as the stack takes them. */
export interface StageSettings {
  /** SES sending identity and sender; without it no function may send mail (dev only). */
  mail?: MailSettings;
  /** Where contact, support and quote mails go (context `shopEmail`). */
  shopEmail?: string;
  /**
   * The shop's postal address (context `shopPostalAddress`), in the footer of checkout reminders and back-in-stock
   * alerts as CAN-SPAM asks of commercial mail; without it those mails are not sent (docs/decisions/0078).
   */
  shopPostalAddress?: string;
  /**
   * The shop's public URL (context `siteUrl`), used in password-reset links. Default: the custom domain, else the
   * distribution's.
   */
  siteUrl?: string;
  /** Custom domain of the distribution (context `domainName` + `certificateArn`). */
  domain?: DomainSettings;
  /** Stripe publishable key written into config.json (context `stripePublishableKey`). */
  stripePublishableKey?: string;
  /**
   * Price the tax with Stripe Tax by the full shipping address (context `stripeTax`; docs/decisions/0108): the card
   * step asks Stripe Tax for a calculation, the order records its transaction at capture and reverses it when
   * cancelled. Needs Stripe Tax set up in the Stripe account (docs/deploying.md). Default off: the shop's state table.
   */
  stripeTax?: boolean;
  /**
   * Apple Pay's domain association file as Stripe's dashboard gives it (context `applePayDomainFile`: the file's
   * path, read at synth): deployed to /.well-known/apple-developer-merchantid-domain-association as text/plain.
   */
  applePayDomainAssociation?: string;
  /** Who receives the alarms (context `alarmEmail`). */
  alarmEmail?: string;
  /** API throttling (context `throttleRate`, `throttleBurst`). */
  throttle?: ThrottleSettings;
  /**
   * Per-client rate limits as WAF rules (context `rateLimits`: on, off or a scale; docs/decisions/0025). Default on.
   */
  rateLimits?: RateLimitSwitch;
  /**
   * Days every log group of the stage keeps its logs (context `logRetentionDays`); default `defaultLogRetentionDays`.
   */
  logRetentionDays?: number;
  /**
   * Record every AWS SDK and HTTPS call of the functions in X-Ray (context `traceSdkCalls`): compiles Powertools
   * Tracer into every bundle (about 120 KB, about 10 ms more cold start; decision 0033). Default off: Lambda's
   * own active tracing still traces each invocation.
   */
  traceSdkCalls?: boolean;
  /**
   * AWS's managed rule groups in the web ACLs (context `managedRules`, needs rate limits on; docs/decisions/0067):
   * the Amazon IP reputation list (both web ACLs) and known bad inputs (the distribution's). About $3 a month.
   * Default off.
   */
  managedRules?: boolean;
  /**
   * The version of the origin secret CloudFront sends (context `originSecretVersion`): set after a rotation, so the
   * distribution changes and CloudFormation reads the secret again (docs/decisions/0066). Default: AWSCURRENT.
   */
  originSecretVersion?: string;
}

/** Context keys an operator may set, with what they do (used in messages and the README). */
export const CONTEXT_KEYS = [
  'stage',
  'sesIdentity',
  'sesIdentityExists',
  'mailFrom',
  'shopEmail',
  'shopPostalAddress',
  'siteUrl',
  'domainName',
  'certificateArn',
  'stripePublishableKey',
  'stripeTax',
  'applePayDomainFile',
  'alarmEmail',
  'throttleRate',
  'throttleBurst',
  'rateLimits',
  'logRetentionDays',
  'traceSdkCalls',
  'managedRules',
  'originSecretVersion',
] as const;

type ContextReader = (key: string) => unknown;

/** Reads and checks every setting; throws one error listing every problem. */
export function stageSettingsFromContext(stage: string, get: ContextReader): StageSettings {
  const problems: string[] = [];
  const text = (key: string): string | undefined => {
    const value = get(key);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') {
      problems.push(`${key} must be a string`);
      return undefined;
    }
    return value.trim();
  };
  const flag = (key: string): boolean => {
    const value = get(key);
    if (value === undefined || value === null || value === '') return false;
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    problems.push(`${key} must be true or false (got "${settingText(value)}")`);
    return false;
  };
  const whole = (key: string, fallback: number, min: number, max: number): number => {
    const value = get(key);
    if (value === undefined || value === null || value === '') return fallback;
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max) {
      problems.push(`${key} must be a whole number from ${min} to ${max} (got "${settingText(value)}")`);
      return fallback;
    }
    return number;
  };
  /** A setting that names a file (a path from where cdk runs): the file's text, exactly as it is. */
  const fileText = (key: string): string | undefined => {
    const file = text(key);
    if (file === undefined) return undefined;
    try {
      const content = readFileSync(path.resolve(file), 'utf8');
      if (content.trim() === '') problems.push(`${key}: ${file} is empty`);
      else if (content.length > 64 * 1024)
        problems.push(`${key}: ${file} is over 64 KB, not a domain association file`);
      else return content;
    } catch (error) {
      problems.push(`${key}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    return undefined;
  };
  const email = (key: string): string | undefined => {
    const value = text(key);
    if (value !== undefined && !EMAIL.test(value)) problems.push(`${key} must be an email address (got "${value}")`);
    return value;
  };

  const identity = text('sesIdentity');
  const identityExists = flag('sesIdentityExists');
  const from = email('mailFrom');
  const shopEmail = email('shopEmail');
  const alarmEmail = email('alarmEmail');
  const siteUrl = text('siteUrl');
  const shopPostalAddress = text('shopPostalAddress');
  const domainName = text('domainName');
  const certificateArn = text('certificateArn');
  const stripePublishableKey = text('stripePublishableKey');
  const stripeTax = flag('stripeTax');
  const applePayDomainAssociation = fileText('applePayDomainFile');
  let rateLimits: RateLimitSwitch = { enabled: true, scale: 1 };
  try {
    rateLimits = parseRateLimitSwitch(get('rateLimits'), 'rateLimits');
  } catch (error) {
    problems.push((error as Error).message);
  }
  const throttle = {
    rateLimit: whole('throttleRate', DEFAULT_THROTTLE.rateLimit, 1, 10_000),
    burstLimit: whole('throttleBurst', DEFAULT_THROTTLE.burstLimit, 1, 5_000),
  };
  const logRetentionDays = whole('logRetentionDays', defaultLogRetentionDays(stage), 1, 3653);
  const traceSdkCalls = flag('traceSdkCalls');
  const managedRules = flag('managedRules');
  const originSecretVersion = text('originSecretVersion');

  if (identity === undefined) {
    if (from !== undefined) problems.push('mailFrom needs sesIdentity (the SES identity the sender belongs to)');
    if (identityExists) problems.push('sesIdentityExists needs sesIdentity');
  }
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    problems.push('domainName and certificateArn go together (the certificate must cover the domain)');
  }
  const settings: StageSettings = {
    mail: identity === undefined ? undefined : { identity, identityExists, from },
    shopEmail,
    shopPostalAddress,
    siteUrl: siteUrl?.replace(/\/$/, ''),
    domain: domainName && certificateArn ? { name: domainName, certificateArn } : undefined,
    stripePublishableKey,
    stripeTax,
    applePayDomainAssociation,
    alarmEmail,
    throttle,
    rateLimits,
    logRetentionDays,
    traceSdkCalls,
    managedRules,
    originSecretVersion,
  };
  problems.push(...settingsProblems(stage, settings));
  if (problems.length) throw new SettingsError(stage, problems);
  return settings;
}

export class SettingsError extends Error {
  constructor(stage: string, problems: readonly string[]) {
    super(`The settings of stage "${stage}" are not usable:\n- ${[...new Set(problems)].join('\n- ')}`);
    this.name = 'SettingsError';
  }
}

/**
 * What is wrong with a stage's settings (empty when nothing): the sender belongs to the SES identity, values
 * have their shape, and prod has everything a live shop needs. The stack checks this too.
 */
export function settingsProblems(stage: string, settings: StageSettings): string[] {
  const problems: string[] = [];
  const { mail, siteUrl, domain, stripePublishableKey, throttle } = settings;
  if (mail) {
    const problem = mailFromProblem(mail.identity, mail.from);
    if (problem) problems.push(problem);
  }
  if (siteUrl !== undefined && !/^https:\/\/[^/\s?#]+$/.test(siteUrl)) {
    problems.push(`siteUrl must be an https origin without a path, e.g. https://shop.example.com (got "${siteUrl}")`);
  }
  if (
    settings.shopPostalAddress !== undefined &&
    (settings.shopPostalAddress.length < 10 ||
      settings.shopPostalAddress.length > 300 ||
      /[\r\n]/.test(settings.shopPostalAddress))
  ) {
    problems.push(
      `shopPostalAddress must be a postal address on one line, 10 to 300 characters, e.g. "12 Harbor Lane, Portland, ME 04101" (got "${settings.shopPostalAddress}")`,
    );
  }
  if (domain && !DOMAIN.test(domain.name)) problems.push(`domainName must be a host name (got "${domain.name}")`);
  if (domain && !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(domain.certificateArn)) {
    problems.push(
      'certificateArn must be an ACM certificate in us-east-1 (CloudFront only uses certificates from there)',
    );
  }
  if (stripePublishableKey !== undefined && !/^pk_(test|live)_\w+$/.test(stripePublishableKey)) {
    problems.push(
      'stripePublishableKey must be a Stripe publishable key (pk_test_... or pk_live_...), never the secret key',
    );
  }
  if (throttle && throttle.burstLimit < throttle.rateLimit)
    problems.push('throttleBurst must be at least throttleRate');
  if (settings.managedRules && settings.rateLimits?.enabled === false) {
    problems.push('managedRules needs the web ACLs of the rate limits: leave rateLimits on (or drop managedRules)');
  }
  if (settings.originSecretVersion !== undefined && !/^[A-Za-z0-9-]{32,64}$/.test(settings.originSecretVersion)) {
    problems.push(
      `originSecretVersion must be a version id of the origin secret, as aws secretsmanager get-secret-value --query VersionId prints it (got "${settings.originSecretVersion}")`,
    );
  }
  const { logRetentionDays } = settings;
  if (logRetentionDays !== undefined && !(LOG_RETENTION_CHOICES as readonly number[]).includes(logRetentionDays)) {
    problems.push(
      `logRetentionDays must be one of the periods CloudWatch Logs keeps: ${LOG_RETENTION_CHOICES.join(', ')} (got ${logRetentionDays})`,
    );
  }
  if (stage === 'prod') {
    const missing = [
      !mail && 'sesIdentity (the domain or address mail is sent from)',
      !settings.shopEmail && 'shopEmail (where contact, support and quote mails go)',
      !settings.alarmEmail && 'alarmEmail (who is told when something breaks)',
      !stripePublishableKey && 'stripePublishableKey (the card form needs it)',
    ].filter((entry): entry is string => typeof entry === 'string');
    if (missing.length) problems.push(`stage prod needs ${missing.map((entry) => `-c ${entry}`).join(', ')}`);
  }
  return problems;
}
