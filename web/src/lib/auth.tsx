import { type AuthUser, fetchAuthSession, getCurrentUser, signOut as amplifySignOut } from 'aws-amplify/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';

interface AuthState {
  user: AuthUser | null;
  /** True until the first session check or auth event has answered. */
  loading: boolean;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

async function currentUser(): Promise<AuthUser | null> {
  try {
    return await getCurrentUser();
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);
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
    const stop = Hub.listen('auth', ({ payload }) => {
      // Cached answers belong to the account that asked for them; the next account on this tab must not see them.
      if (payload.event === 'signedIn' || payload.event === 'signedOut') void queryClient.resetQueries();
      void refresh();
    });
    return () => {
      active = false;
      stop();
    };
  }, [queryClient]);

  const signOut = useCallback(async () => {
    try {
      await amplifySignOut();
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

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used within an AuthProvider');
  return state;
}

/** The bearer token for the API, or null when signed out. */
export async function accessToken(): Promise<string | null> {
  try {
    return (await fetchAuthSession()).tokens?.accessToken?.toString() ?? null;
  } catch {
    return null;
  }
}
