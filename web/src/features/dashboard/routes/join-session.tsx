import { joinResult } from '@functions/schemas/session-actions';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { signInReturningTo } from '@/lib/return-path';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * `/sessions/{id}/join`, the one door to a session's meeting (dashboard buttons and e-mailed links):
 * the API records the mentee's join with their own token, then the browser goes on to the meeting.
 * A link opened signed out goes through sign-in and comes back here.
 */
export function JoinSessionPage() {
  useDocumentTitle('Joining your session');
  const { id = '' } = useParams();
  const { user, loading } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!user) return;
    let active = true;
    api
      .post(`/sessions/${encodeURIComponent(id)}/join`)
      .then((answer) => {
        if (active) window.location.replace(joinResult.parse(answer).meetingUrl);
      })
      .catch((error: unknown) => {
        if (active) setFailure(errorMessage(error));
      });
    return () => {
      active = false;
    };
  }, [id, user]);

  if (!loading && !user) return <Navigate to={signInReturningTo(`/sessions/${id}/join`)} replace />;
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      {failure ? (
        <div role="alert" className="space-y-4 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
          <h1 className="text-xl font-semibold">We could not open this meeting</h1>
          <p>{failure}</p>
          <ButtonLink to="/dashboard">Go to dashboard</ButtonLink>
        </div>
      ) : (
        <Spinner label="Opening your meeting..." />
      )}
    </div>
  );
}
