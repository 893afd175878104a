import { api, ApiError, errorText } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';

/**
 * Ends the admin session on the server (the token is revoked) and forgets the display record.
 * Answers an error message, or null. A session that has already ended is as good as logged out.
 */
export async function logOutAdmin(): Promise<string | null> {
  try {
    await api('/admin/logout');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) return errorText(error, 'Error in logging out');
  }
  session.clearAdmin();
  return null;
}
