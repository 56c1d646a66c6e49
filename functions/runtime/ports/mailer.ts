import { sesMailer } from '../../adapters/mailer';
import { requiredEnvironment } from '../../adapters/required-environment';
import type { Mailer } from '../../domain/ports';
import { port } from '../composition-root';

/** Amazon SES, from the verified sender MAIL_FROM. */
export const mailer = (): Mailer => port('mailer', () => sesMailer(requiredEnvironment('MAIL_FROM')));
