import type { Profile } from '@functions/schemas/profile';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { SwitchField } from '@/components/ui/switch-field';
import { errorMessage } from '@/lib/error-message';
import { useSetupChecklist, useUpdatePublication } from '../../api/publication';
import { SetupChecklist } from './setup-checklist';

const showVisibilityChanged = (published: boolean) =>
  published
    ? toast.success('Profile Published!', { description: 'Mentees can now find and book you in the directory.' })
    : toast.success('Profile Unpublished', {
        description: 'Your profile is hidden from the directory. Existing bookings stay.',
      });

/** Listing in the directory (spec section 4): every change is confirmed first, a refused one reverts. */
export function PublishToggle({ profile }: { profile: Profile }) {
  const checklist = useSetupChecklist();
  const updatePublication = useUpdatePublication(profile.userId);
  const [asking, setAsking] = useState(false);
  const publishing = !profile.published;

  const confirm = () =>
    updatePublication.mutate(publishing, {
      onSuccess: () => showVisibilityChanged(publishing),
      onError: (error) =>
        toast.error('Update Failed', { description: errorMessage(error, 'Failed to update profile visibility.') }),
    });

  return (
    <div className="space-y-4">
      <SwitchField
        label="List my profile in the coach directory"
        hint={profile.published ? 'Your profile is published.' : 'Your profile is not published yet.'}
        checked={profile.published}
        disabled={updatePublication.isPending}
        onCheckedChange={() => setAsking(true)}
      />
      {checklist.isPending && <Spinner label="Checking your setup" />}
      {checklist.isError && (
        <LoadFailed what="your setup checklist" error={checklist.error} onRetry={() => void checklist.refetch()} />
      )}
      {checklist.isSuccess && <SetupChecklist checklist={checklist.data} />}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={publishing ? 'Publish your profile?' : 'Unpublish your profile?'}
        description={
          publishing
            ? 'Mentees will find you in the coach directory and can book your time slots.'
            : 'Your profile leaves the directory and new bookings stop. Existing bookings are not affected.'
        }
        confirmLabel={publishing ? 'Publish' : 'Unpublish'}
        destructive={!publishing}
        onConfirm={confirm}
      >
        {publishing && checklist.isSuccess && <SetupChecklist checklist={checklist.data} />}
      </ConfirmDialog>
    </div>
  );
}
