import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/**
 * A third-party sign-in has no sign-up form, so its first return creates a mentee profile from
 * the identity's own name and e-mail.
 */
export async function setUpMyProfile(): Promise<void> {
  try {
    await api.get('/me');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    await api.post('/me');
  }
}

export const useSetUpMyProfile = () => useMutation({ mutationFn: setUpMyProfile });
