import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { authEmail, type AuthEmailKind } from '../../domain/auth-emails';

const kinds: Partial<Record<CustomMessageTriggerEvent['triggerSource'], AuthEmailKind>> = {
  CustomMessage_SignUp: 'signUp',
  CustomMessage_ResendCode: 'signUp',
  CustomMessage_ForgotPassword: 'forgotPassword',
};

/** Cognito's CustomMessage trigger: our sign-up and reset e-mails, each a link into the SPA. */
export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const kind = kinds[event.triggerSource];
  const siteOrigin = process.env.SITE_ORIGIN;
  if (!kind || !siteOrigin) return event;
  const email = event.request.userAttributes.email ?? '';
  const mail = authEmail(kind, siteOrigin, email, event.request.codeParameter);
  event.response.emailSubject = mail.subject;
  event.response.emailMessage = mail.html;
  return event;
};
