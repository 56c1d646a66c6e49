import { type App, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';

/**
 * The SES domain identity the site's mail is sent from (Cognito's codes and the API's own mail),
 * in a stack of its own: Cognito refuses an SES sender that is not verified yet, and SES verifies
 * the domain only once its DKIM records are published. So an operator deploys this stack first,
 * publishes the three CNAME records it outputs, waits for SES to verify the domain, and only then
 * deploys the site's stack (README, Deploy).
 */
export class MailIdentityStack extends Stack {
  readonly identity: EmailIdentity;

  constructor(scope: App, id: string, props: StackProps & { domain: string }) {
    super(scope, id, props);
    this.identity = new EmailIdentity(this, 'Domain', { identity: Identity.domain(props.domain) });
    this.identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        description: `Publish in ${props.domain}'s DNS: SES verifies the domain (Easy DKIM) once all three resolve.`,
        value: `${record.name} CNAME ${record.value}`,
      });
    });
  }
}
