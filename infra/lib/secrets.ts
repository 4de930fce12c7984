import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ORIGIN_HEADER } from '#shared/origin';

/** The shape of the Stripe secret; the operator writes the real keys with `aws secretsmanager put-secret-value`. */
export const STRIPE_SECRET_TEMPLATE = { secretKey: '', webhookSecret: '' } as const;

/** The shape of the shipping provider's secret (EasyPost's API key and webhook secret: docs/decisions/0161). */
export const SHIPPING_SECRET_TEMPLATE = { apiKey: '', webhookSecret: '' } as const;

export interface ShopSecrets {
  /** Holds the Stripe keys as JSON {secretKey, webhookSecret}; read by the functions that use Stripe. */
  stripeSecret: Secret;
  /** Holds the shipping provider's keys as JSON {apiKey, webhookSecret}; read by the functions that use `shipping`. */
  shippingSecret: Secret;
  /** What CloudFront sends in the origin header; every route's function refuses a request without it (0066). */
  originSecret: Secret;
  /**
   * The key that signs the links in mails (restore a cart, unsubscribe: docs/decisions/0078); read by functions that
   * use `links`.
   */
  linkSigningSecret: Secret;
}

/** The stage's secrets, made in the stack's own scope (docs/decisions/0071). */
export function createSecrets(scope: Construct, stage: string): ShopSecrets {
  const stripeSecret = new Secret(scope, 'StripeSecret', {
    description: `Stripe keys of the shop (${stage}) as JSON {"secretKey": "sk_...", "webhookSecret": "whsec_..."}`,
    // A placeholder of the right shape; the real keys never pass through the template or a bundle.
    generateSecretString: {
      secretStringTemplate: JSON.stringify(STRIPE_SECRET_TEMPLATE),
      generateStringKey: 'placeholder',
      excludePunctuation: true,
    },
    removalPolicy: RemovalPolicy.DESTROY,
  });
  // The shipping provider's keys (docs/decisions/0161): empty, calculated rates are not offered (the flat rate is).
  const shippingSecret = new Secret(scope, 'ShippingSecret', {
    description: `EasyPost keys of the shop (${stage}) as JSON {"apiKey": "EZAK... or EZTK...", "webhookSecret": "..."}`,
    generateSecretString: {
      secretStringTemplate: JSON.stringify(SHIPPING_SECRET_TEMPLATE),
      generateStringKey: 'placeholder',
      excludePunctuation: true,
    },
    removalPolicy: RemovalPolicy.DESTROY,
  });
  // The front door (docs/decisions/0066): CloudFront sends this value in the origin header, the functions check it.
  const originSecret = new Secret(scope, 'OriginSecret', {
    description: `What CloudFront sends to the API of the shop (${stage}) in the ${ORIGIN_HEADER} header; rotate as the README says`,
    generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    removalPolicy: RemovalPolicy.DESTROY,
  });
  // Signs the links in mails (docs/decisions/0078): generated here, never seen by anyone. Rotating it makes every
  // link already mailed (a cart's restore link for 7 days, unsubscribe links for ever) answer "not valid".
  const linkSigningSecret = new Secret(scope, 'LinkSigningSecret', {
    description: `The key that signs links in mails of the shop (${stage}): restore a cart, unsubscribe. Rotating it breaks links already sent.`,
    generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    removalPolicy: RemovalPolicy.DESTROY,
  });
  return { stripeSecret, shippingSecret, originSecret, linkSigningSecret };
}
