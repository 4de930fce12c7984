import { CfnOutput } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { EmailIdentity, Identity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { isAddressIdentity, senderOf } from './addresses';
import type { MailSettings } from './settings';

/**
 * The SES identity the shop sends from (docs/decisions/0013-ses-identity.md): created here (a domain gets
 * Easy DKIM, whose three CNAME records are stack outputs) unless the operator says it exists already. Functions
 * that mail get `ses:SendEmail`/`ses:SendRawEmail` on this identity's ARN and nothing else.
 */
export class ShopMail extends Construct {
  readonly identity: IEmailIdentity;
  /** The sender address of every mail (MAIL_FROM). */
  readonly from: string;
  /** True when this stack created the identity (false: an existing one is referenced). */
  readonly created: boolean;

  constructor(scope: Construct, id: string, settings: MailSettings) {
    super(scope, id);
    this.from = senderOf(settings);
    this.created = !settings.identityExists;
    const isAddress = isAddressIdentity(settings.identity);
    if (settings.identityExists) {
      this.identity = EmailIdentity.fromEmailIdentityName(this, 'Identity', settings.identity);
    } else {
      const identity = new EmailIdentity(this, 'Identity', {
        identity: isAddress ? Identity.email(settings.identity) : Identity.domain(settings.identity),
      });
      this.identity = identity;
      if (!isAddress) {
        identity.dkimRecords.forEach((record, index) => {
          new CfnOutput(scope, `DkimRecord${index + 1}`, {
            description: `DNS record ${index + 1} of 3 that verifies ${settings.identity} for SES (CNAME name -> value)`,
            value: `${record.name} CNAME ${record.value}`,
          });
        });
      }
    }
    new CfnOutput(scope, 'MailFrom', {
      value: this.from,
      description: 'Sender of every mail (SES identity ' + settings.identity + ')',
    });
  }

  /** Lets a function send mail from this identity only. */
  grantSend(grantee: IGrantable): void {
    this.identity.grantSendEmail(grantee);
  }
}
