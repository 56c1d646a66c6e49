import { sesMailer } from '../../adapters/mailer';
import { requiredEnvironment } from '../../adapters/required-environment';
import type { Mailer } from '../../domain/ports';
import { port } from '../composition-root';

/**
 * Amazon SES, from the verified sender MAIL_FROM; at AWS_ENDPOINT_URL_SESV2 when it is set (the SDK's
 * own setting: the local stack and the tests point it at the local SES endpoint, bin/local/ses-endpoint.ts).
 */
export const mailer = (): Mailer => {
  const { MAIL_FROM, AWS_ENDPOINT_URL_SESV2 } = process.env;
  return port(
    'mailer',
    () => sesMailer(requiredEnvironment('MAIL_FROM')),
    // A test run starts an endpoint per stack, and the SDK reads the setting once per client.
    `${MAIL_FROM ?? ''} ${AWS_ENDPOINT_URL_SESV2 ?? ''}`,
  );
};
