import { type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { type Integration, integrationSecrets } from '../functions/adapters/integration-secrets';

/**
 * One Secrets Manager secret per integration (`<stack>/stripe`, `/zoom`, `/calendly`,
 * `/googleCalendar`, `/microsoftCalendar`), created
 * empty; an operator stores the integration's JSON in it after the first deploy (README, Deploy).
 * Until then that integration answers that it is not set up. Google's client secret is not here:
 * only CloudFormation reads it, for the user pool's identity provider (lib/auth.ts).
 */
export class IntegrationSecrets extends Construct {
  readonly secrets: Record<Integration, Secret>;

  constructor(scope: Construct, id: string, props: { removalPolicy: RemovalPolicy }) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;
    const secretOf = (integration: Integration) => {
      const fields = Object.keys(integrationSecrets[integration]).join(', ');
      const secret = new Secret(this, integration, {
        secretName: `${stackName}/${integration}`,
        description: `${integration} credentials for the API functions that use them (JSON: ${fields})`,
        removalPolicy: props.removalPolicy,
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'Third-party API keys: they are rolled at the provider, then stored here; no rotation Lambda can do that.',
      });
      return secret;
    };
    this.secrets = {
      stripe: secretOf('stripe'),
      zoom: secretOf('zoom'),
      calendly: secretOf('calendly'),
      googleCalendar: secretOf('googleCalendar'),
      microsoftCalendar: secretOf('microsoftCalendar'),
    };
  }
}
