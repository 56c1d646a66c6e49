import { api } from '@/lib/api-client';

/** `DELETE /api/me` with a fresh sign-in's token (or the session's, for a Google sign-in just made). */
export const deleteMyAccount = (freshToken?: string) => api.delete<void>('/me', { token: freshToken });
