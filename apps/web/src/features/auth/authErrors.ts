import { authErrorText } from '@kite/shared/domain';

/**
 * The message for a form-mode redirect (`?error_code=5065&error_message=AUTHENTICATION_FAILED_SIGN_IN`).
 * Unknown names still say something useful.
 */
export function authErrorFromQuery(errorCode?: string, errorName?: string): string | null {
  if (!errorCode && !errorName) return null;
  return authErrorText(errorName) ?? 'Something went wrong. Please try again.';
}
