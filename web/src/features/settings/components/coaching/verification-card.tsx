import { zodResolver } from '@hookform/resolvers/zod';
import { INVALID_NPI_MESSAGE, TOO_MANY_NPI_CHECKS_MESSAGE } from '@functions/domain/npi';
import type { VerificationView } from '@functions/schemas/verification';
import { npiNumber } from '@functions/schemas/verification';
import * as z from '@functions/schemas/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useCheckNpi, useVerification } from '../../api/npi-verification';
import { SettingsCard } from '../settings-card';

const npiForm = z.object({ npi: npiNumber });
type NpiFormValues = z.input<typeof npiForm>;

function VerificationState({ verification }: { verification: VerificationView }) {
  switch (verification.status) {
    case 'verified':
      return verification.checkedAt && verification.taxonomy ? (
        <VerifiedBadge
          verification={{ status: 'verified', checkedAt: verification.checkedAt, taxonomy: verification.taxonomy }}
        />
      ) : null;
    case 'pending':
      return (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <span
            className="h-4 w-4 flex-none animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
            aria-hidden="true"
          />
          The NPI Registry has not answered yet. We will keep trying and update this card.
        </p>
      );
    case 'rejected':
      return <p className="text-sm font-medium text-red-700">Not verified. {verification.reason}</p>;
    default:
      return (
        <p className="text-sm text-slate-700">
          Not verified yet. Add your NPI to show the "NPI verified" badge on your profile.
        </p>
      );
  }
}

function problemOf(error: unknown): string {
  if (isApiError(error, 'TOO_MANY_REQUESTS')) return TOO_MANY_NPI_CHECKS_MESSAGE;
  if (isApiError(error, 'INVALID_NPI')) return INVALID_NPI_MESSAGE;
  return errorMessage(error);
}

/** Coach settings: the NPI, checked against the NPPES NPI Registry; the number itself is never public. */
export function VerificationCard({ userId }: { userId: string }) {
  const verification = useVerification();
  const check = useCheckNpi(userId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NpiFormValues, unknown, z.output<typeof npiForm>>({
    resolver: zodResolver(npiForm),
    values: { npi: verification.data?.npi ?? '' },
  });
  const submit = handleSubmit(({ npi }) => check.mutate(npi));
  const fieldError = errors.npi?.message ?? (check.isError ? problemOf(check.error) : undefined);

  return (
    <SettingsCard
      title="Verification"
      lead="Your NPI is checked against the public NPPES NPI Registry: an active individual NPI, your last name, and a physician's taxonomy."
    >
      {verification.isPending ? (
        <Spinner label="Loading your verification" />
      ) : verification.isError ? (
        <LoadFailed what="your verification" error={verification.error} onRetry={() => void verification.refetch()} />
      ) : (
        <div className="space-y-4">
          <div role="status" aria-live="polite">
            <VerificationState verification={verification.data} />
          </div>
          <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
            <div className="w-full max-w-xs">
              <TextField
                label="NPI (National Provider Identifier)"
                inputMode="numeric"
                autoComplete="off"
                hint="10 digits. Never shown on your profile."
                error={fieldError}
                {...register('npi')}
              />
            </div>
            <Button type="submit" disabled={check.isPending} className={fieldError ? 'mb-6' : undefined}>
              {check.isPending ? 'Checking…' : verification.data.status === 'unverified' ? 'Check NPI' : 'Check again'}
            </Button>
          </form>
        </div>
      )}
    </SettingsCard>
  );
}
