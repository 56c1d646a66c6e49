import type { SupportUserPage } from '@functions/schemas/support';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { type AccountAction, useSupportUser } from '../api/users';
import { AccountActionDialog } from '../components/account-action-dialog';
import { AccountStateBadge } from '../components/account-state-badge';
import { CancelOnBehalfDialog, type SessionToCancel } from '../components/cancel-on-behalf-dialog';
import { ConsolePage } from '../components/console-page';
import { SupportLoadFailed } from '../components/refusal';
import { ReportCard } from '../components/report-card';
import { UserSessions } from '../components/user-sessions';
import { momentTime, usd } from '../format';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value pairs, two columns from tablet width up. */
function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function accountFacts(page: SupportUserPage): [string, ReactNode][] {
  const { user, profile, verification, paymentAccount } = page;
  return [
    ['E-mail', user.email || 'None (deleted)'],
    ['Id', <span className="break-all font-mono text-xs">{user.userId}</span>],
    ['Type', user.userType ?? (user.state === 'deleted' ? 'None (deleted)' : 'No profile yet')],
    ['Joined', user.createdAt ? momentTime(user.createdAt) : 'Unknown'],
    ...(user.suspendedReason ? [['Suspended because', user.suspendedReason] as [string, string]] : []),
    // A mentee's profile has no coaching to show.
    ...(profile && user.userType === 'mentor'
      ? ([
          ['Coach page', profile.published ? 'Published' : 'Not published'],
          ['Specialty', profile.specialty ?? 'None'],
          ['Hourly rate', profile.hourlyRateCents === null ? 'None' : usd(profile.hourlyRateCents)],
          ['Time zone', profile.timezone ?? 'None'],
        ] as [string, string][])
      : []),
    [
      'Verification',
      verification ? `${verification.status}${verification.npi ? ` (NPI ${verification.npi})` : ''}` : 'None',
    ],
    [
      'Payment account',
      paymentAccount ? `${paymentAccount.status}, payouts ${paymentAccount.payoutsEnabled ? 'on' : 'off'}` : 'None',
    ],
    ['Mentor no-shows (90 days)', String(page.noShowsIn90Days)],
  ];
}

function UserDetails({ page }: { page: SupportUserPage }) {
  const [action, setAction] = useState<AccountAction | null>(null);
  const [cancelling, setCancelling] = useState<SessionToCancel | null>(null);
  const { user } = page;
  const deleted = user.state === 'deleted';
  return (
    <ConsolePage title={user.name || user.email}>
      <div className="flex flex-wrap items-center gap-3">
        <AccountStateBadge state={user.state} />
        <Link
          to={`/support/audit?subject=${encodeURIComponent(`user:${user.userId}`)}`}
          className="text-sm text-brand-700 underline"
        >
          Audit entries about this user
        </Link>
      </div>
      {!deleted && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {user.state === 'suspended' ? (
            <Button variant="secondary" onClick={() => setAction('unsuspend')}>
              Unsuspend…
            </Button>
          ) : (
            <Button variant="danger" onClick={() => setAction('suspend')}>
              Suspend…
            </Button>
          )}
          <Button variant="danger" onClick={() => setAction('delete')}>
            Delete account…
          </Button>
        </div>
      )}
      <Section title="Account">
        <Facts facts={accountFacts(page)} />
      </Section>
      <Section title="Sessions">
        <UserSessions page={page} onCancel={setCancelling} />
      </Section>
      <Section title="Plans">
        {page.plans.length === 0 ? (
          <p className="text-slate-700">No plans.</p>
        ) : (
          <ul className="space-y-2">
            {page.plans.map((plan) => (
              <li key={plan.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-900">
                As {plan.role === 'coach' ? 'mentor' : 'mentee'}: {plan.status}, {plan.creditsLeft} sessions left
                {plan.currentPeriodEnd && `, this month ends ${momentTime(plan.currentPeriodEnd)}`}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Reports against them">
        {page.reportsAgainst.length === 0 ? (
          <p className="text-slate-700">No reports.</p>
        ) : (
          <ul className="space-y-3">
            {page.reportsAgainst.map((report) => (
              <ReportCard key={report.id} report={report} />
            ))}
          </ul>
        )}
      </Section>
      <AccountActionDialog user={user} action={action} onClose={() => setAction(null)} />
      <CancelOnBehalfDialog target={cancelling} onClose={() => setCancelling(null)} />
    </ConsolePage>
  );
}

/** `/support/users/:userId`: everything support needs about one user, and the actions on them. */
export function UserPage() {
  const { userId = '' } = useParams();
  const page = useSupportUser(userId);
  if (page.isPending) return <Spinner label="Loading the user" />;
  if (page.isError)
    return (
      <ConsolePage title="User">
        <SupportLoadFailed what="this user" error={page.error} onRetry={() => void page.refetch()} />
      </ConsolePage>
    );
  return <UserDetails page={page.data} />;
}
