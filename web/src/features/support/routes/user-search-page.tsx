import { zodResolver } from '@hookform/resolvers/zod';
import { userSearchQuery } from '@functions/schemas/support';
import type * as z from '@functions/schemas/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useUserSearch } from '../api/users';
import { AccountStateBadge } from '../components/account-state-badge';
import { ConsolePage, EmptyState } from '../components/console-page';
import { SupportLoadFailed } from '../components/refusal';

type SearchForm = z.input<typeof userSearchQuery>;

function Results({ q }: { q: string }) {
  const search = useUserSearch(q);
  if (search.isPending) return <Spinner label="Searching" />;
  if (search.isError)
    return <SupportLoadFailed what="the users" error={search.error} onRetry={() => void search.refetch()} />;
  const { users } = search.data;
  if (users.length === 0) return <EmptyState>No user's e-mail, name or id starts with “{q}”.</EmptyState>;
  return (
    <section aria-labelledby="results-title" className="space-y-3">
      <h2 id="results-title" className="text-xl font-semibold text-slate-900">
        {users.length === 1 ? '1 user' : `${users.length} users`} found
      </h2>
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
        {users.map((user) => (
          <li key={user.userId} className="flex flex-wrap items-center justify-between gap-2 p-4">
            <div className="min-w-0">
              <Link
                to={`/support/users/${encodeURIComponent(user.userId)}`}
                className="font-semibold text-brand-700 underline"
              >
                {user.name || user.email}
              </Link>
              <p className="break-all text-sm text-slate-700">
                {user.email} · {user.userType ?? 'no profile'} ·{' '}
                <span className="font-mono text-xs">{user.userId}</span>
              </p>
            </div>
            <AccountStateBadge state={user.state} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/support`: find anyone by the start of their e-mail, name or id. */
export function UserSearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SearchForm>({ resolver: zodResolver(userSearchQuery), defaultValues: { q } });
  const submit = handleSubmit((form) => setParams({ q: form.q }));
  return (
    <ConsolePage title="Find a user" intro="By the start of their e-mail, name or id; at most 20 are shown.">
      <form
        aria-label="Find a user"
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-start"
      >
        <div className="flex-1">
          <TextField label="E-mail, name or id" type="search" error={errors.q?.message} {...register('q')} />
        </div>
        <Button type="submit" className="sm:mt-6">
          Search
        </Button>
      </form>
      {q && <Results q={q} />}
    </ConsolePage>
  );
}
