import { api, errorText } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';
import { LABELS } from '../shop/labels.ts';

/** Ends the session on the server (the token is revoked) and forgets the display record. Answers an error message, or null. */
export async function logOut(): Promise<string | null> {
  try {
    await api('/user/logout');
  } catch (error) {
    return errorText(error, LABELS.logoutFailed);
  }
  session.clearUser();
  return null;
}
