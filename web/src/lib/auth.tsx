import type { AuthUser } from './amplify';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { onAuthEvent } from './auth-events';
import { runtimeConfig } from './config';

interface AuthState {
  user: AuthUser | null;
  /** True until the first session check or auth event has answered. */
  loading: boolean;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

const loadAmplify = () => import('./amplify');

/**
 * Whether Amplify has tokens stored in this browser (its key for the last signed-in user of our app
 * client). Without them there is no session to restore, and Amplify need not load at all.
 */
function hasStoredSession(): boolean {
  return (
    localStorage.getItem(`CognitoIdentityServiceProvider.${runtimeConfig().userPoolClientId}.LastAuthUser`) !== null
  );
}

async function currentUser(): Promise<AuthUser | null> {
  if (!hasStoredSession()) return null;
  try {
    return await (await loadAmplify()).getCurrentUser();
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(hasStoredSession);
  const queryClient = useQueryClient();

  useEffect(() => {
    let active = true;
    const refresh = () =>
      currentUser().then((next) => {
        if (!active) return;
        setUser(next);
        setLoading(false);
      });
    void refresh();
    const stop = onAuthEvent((event) => {
      // Cached answers belong to the account that asked for them; the next account on this tab must not see them.
      if (event === 'signedIn' || event === 'signedOut') void queryClient.resetQueries();
      void refresh();
    });
    return () => {
      active = false;
      stop();
    };
  }, [queryClient]);

  const signOut = useCallback(async () => {
    // Toasts load on first use: the first paint does not need them.
    const { toast } = await import('sonner');
    try {
      await (await loadAmplify()).signOut();
      toast.success('Signed Out', { description: 'You have been successfully signed out.' });
    } catch (error) {
      toast.error('Sign Out Failed', {
        description: error instanceof Error ? error.message : 'An unexpected error occurred',
      });
    }
  }, []);

  const value = useMemo(() => ({ user, loading, signOut }), [user, loading, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

const SIGNED_OUT: AuthState = { user: null, loading: false, signOut: async () => undefined };

/** A visitor without an account, as the public pages are prerendered at build time (scripts/prerender.ts). */
export function SignedOutAuthProvider({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={SIGNED_OUT}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used within an AuthProvider');
  return state;
}

/** Signs out and opens the sign-in page: for an operation that needs a sign-in of another kind or a fresher one. */
export function useSignInAgain(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return async () => {
    await signOut();
    await navigate('/login');
  };
}

/** The session's tokens, or null when signed out (without loading Amplify when nothing is stored). */
export async function sessionTokens() {
  if (!hasStoredSession()) return null;
  try {
    return (await (await loadAmplify()).fetchAuthSession()).tokens ?? null;
  } catch {
    return null;
  }
}

/** The bearer token for the API, or null when signed out. */
export async function accessToken(): Promise<string | null> {
  return (await sessionTokens())?.accessToken?.toString() ?? null;
}
