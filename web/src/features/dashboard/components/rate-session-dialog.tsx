import type { SessionView } from '@functions/schemas/session';
import { MAX_REVIEW_LENGTH, type RateSessionInput, rateSessionInput } from '@functions/schemas/session-actions';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type * as z from '@functions/schemas/zod';
import clsx from 'clsx';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { isApiError } from '@/lib/api-client';
import { useRateSession } from '../api/my-sessions';
import { fullName } from '@functions/domain/display-name';

/** Five radio buttons drawn as stars, so keyboard and screen-reader users pick a rating like any choice. */
function StarPicker({ value, onChange }: { value: number; onChange(rating: number): void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Your rating</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="sr-only"
            />
            <span className="sr-only">
              {stars} {stars === 1 ? 'star' : 'stars'}
            </span>
            <Star
              aria-hidden="true"
              className={clsx('h-8 w-8', stars <= value ? 'fill-amber-400 text-amber-500' : 'fill-none text-slate-400')}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type RatingForm = z.input<typeof rateSessionInput>;
const EMPTY_RATING: RatingForm = { rating: 0, reviewText: '' };

export function RateSessionDialog({ session, onClose }: { session: SessionView | null; onClose(): void }) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<RatingForm, unknown, RateSessionInput>({
    resolver: zodResolver(rateSessionInput),
    defaultValues: EMPTY_RATING,
  });
  const rate = useRateSession();
  const rating = watch('rating');
  const reviewLength = watch('reviewText')?.length ?? 0;

  const close = () => {
    reset(EMPTY_RATING);
    onClose();
  };

  const submit = handleSubmit((input) => {
    if (!session) return;
    rate.mutate(
      { session, ...input },
      {
        onSuccess: ({ moderationStatus }) => {
          if (moderationStatus === 'rejected') {
            toast.warning('Your review was rejected due to inappropriate content. Your rating has been recorded.');
          } else {
            toast.success('Thank you for your feedback!');
          }
          close();
        },
        onError: (failure) => {
          if (isApiError(failure, 'ALREADY_RATED')) {
            toast.error('You have already rated this session');
            close();
          } else {
            toast.error('Failed to submit rating. Please try again.');
          }
        },
      },
    );
  });

  const mentor = session ? fullName(session.otherParty) : '';
  return (
    <Modal
      open={session !== null}
      onOpenChange={(open) => !open && close()}
      title="Rate session"
      description={`How was your session with ${mentor}?`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Controller
          control={control}
          name="rating"
          render={({ field }) => <StarPicker value={field.value} onChange={field.onChange} />}
        />
        <TextAreaField
          label="Review (optional)"
          hint={`${reviewLength}/${MAX_REVIEW_LENGTH} characters`}
          error={errors.reviewText?.message}
          {...register('reviewText')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Not now
          </Button>
          <Button type="submit" disabled={rating === 0 || rate.isPending}>
            {rate.isPending ? 'Submitting…' : 'Submit rating'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
