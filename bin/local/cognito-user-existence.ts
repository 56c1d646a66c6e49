/**
 * Cognito with `PreventUserExistenceErrors: ENABLED` (lib/auth.ts) answers an unknown address
 * exactly as a known one: a sign-in with either is "Incorrect username or password.", a reset or a
 * new code for either is sent (to a masked address), a code for either is a mismatch. cognito-local
 * tells them apart ("User not authorized", "Invalid password", "User does not exist."); the local
 * Cognito front puts its answers through this, so the local stack says no more than AWS would.
 */

export interface CognitoAnswer {
  status: number;
  body: unknown;
}

const INCORRECT_CREDENTIALS = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
/** Cognito's answer to any sign-in or refresh of an account disabled by AdminDisableUser. */
export const USER_DISABLED = { __type: 'NotAuthorizedException', message: 'User is disabled.' };

const isUserDisabledAnswer = (body: unknown) =>
  (body as { message?: unknown } | null)?.message === USER_DISABLED.message;

const CODE_MISMATCH = {
  __type: 'CodeMismatchException',
  message: 'Invalid verification code provided, please try again.',
};

/** The operations whose answers can tell an unknown address from a known one. */
export const USER_EXISTENCE_TARGETS = new Set([
  'InitiateAuth',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'ResendConfirmationCode',
]);

/** As AWS shows a delivery address: 'd***@e***'. */
export function maskedAddress(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

const errorType = (body: unknown) => (body as { __type?: unknown } | null)?.__type;

/** A code sent, as AWS answers for any address: to the masked address (or the name given, when unknown). */
export const codeSentAnswer = (address: string): CognitoAnswer => ({
  status: 200,
  body: {
    CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskedAddress(address) },
  },
});

/** AWS's answer for what cognito-local answered to `target` with `request`. */
export function withoutUserExistence(target: string, request: unknown, answer: CognitoAnswer): CognitoAnswer {
  const { AuthFlow, Username } = (request ?? {}) as { AuthFlow?: string; Username?: string };
  const type = errorType(answer.body);
  switch (target) {
    case 'InitiateAuth':
      // Given only for the right password: it tells no more than a successful sign-in would.
      if (AuthFlow !== 'USER_PASSWORD_AUTH' || isUserDisabledAnswer(answer.body)) return answer;
      return type === 'NotAuthorizedException' ||
        type === 'InvalidPasswordException' ||
        type === 'UserNotFoundException'
        ? { status: 400, body: INCORRECT_CREDENTIALS }
        : answer;
    case 'ForgotPassword':
    case 'ResendConfirmationCode': {
      if (type === 'UserNotFoundException') return codeSentAnswer(Username ?? '');
      const destination = (answer.body as { CodeDeliveryDetails?: { Destination?: string } } | null)
        ?.CodeDeliveryDetails?.Destination;
      return answer.status === 200 && destination ? codeSentAnswer(destination) : answer;
    }
    case 'ConfirmForgotPassword':
    case 'ConfirmSignUp':
      return type === 'UserNotFoundException' || type === 'NotAuthorizedException' || type === 'CodeMismatchException'
        ? { status: 400, body: CODE_MISMATCH }
        : answer;
    default:
      return answer;
  }
}
