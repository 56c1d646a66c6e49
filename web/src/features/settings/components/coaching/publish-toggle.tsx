import type { SetupChecklistView } from '@functions/schemas/coach-settings';
import type { Profile } from '@functions/schemas/profile';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { SwitchField } from '@/components/ui/switch-field';
import { errorMessage } from '@/lib/error-message';
import { useSetupChecklist, useUpdatePublication } from '../../api/publication';
import { COACHING_SECTIONS } from './coaching-sections';
import { SetupChecklist } from './setup-checklist';

const showVisibilityChanged = (published: boolean) =>
  published
    ? toast.success('Profile Published!', { description: 'Mentees can now find and book you in the directory.' })
    : toast.success('Profile Unpublished', {
        description: 'Your profile is hidden from the directory. Existing bookings stay.',
      });

type Destination = { label: string; sectionId: string } | { label: string; tab: 'profile' };

/** The first place that still needs the mentor: names live on the Profile tab, rate and bio in Rates. */
function firstMissing(checklist: SetupChecklistView): Destination | null {
  if (checklist.missing.includes('profile')) {
    const names = checklist.missingProfileFields.every((field) => field === 'first name' || field === 'last name');
    return names
      ? { label: 'Go to Profile', tab: 'profile' }
      : { label: 'Go to Rates', sectionId: COACHING_SECTIONS.rates };
  }
  if (checklist.missing.includes('availability')) {
    return { label: 'Go to Availability', sectionId: COACHING_SECTIONS.availability };
  }
  return null;
}

/**
 * Listing in the directory (spec section 4): every change is confirmed first, a refused one reverts.
 * While required setup is missing, the dialog says what and offers to go there instead of publishing.
 */
export function PublishToggle({ profile, onShowProfileTab }: { profile: Profile; onShowProfileTab(): void }) {
  const checklist = useSetupChecklist();
  const updatePublication = useUpdatePublication(profile.userId);
  const [asking, setAsking] = useState(false);
  const goingTo = useRef<string | null>(null);
  const publishing = !profile.published;
  const missing = publishing && checklist.isSuccess ? firstMissing(checklist.data) : null;

  const confirm = () => {
    if (missing) {
      if ('tab' in missing) onShowProfileTab();
      else goingTo.current = missing.sectionId;
      return;
    }
    updatePublication.mutate(publishing, {
      onSuccess: () => showVisibilityChanged(publishing),
      onError: (error) =>
        toast.error('Update Failed', { description: errorMessage(error, 'Failed to update profile visibility.') }),
    });
  };

  const focusDestination = (event: Event) => {
    const section = goingTo.current && document.getElementById(goingTo.current);
    goingTo.current = null;
    if (!section) return;
    event.preventDefault();
    section.scrollIntoView({ block: 'start' });
    section.focus({ preventScroll: true });
  };

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
        title={
          missing ? 'Finish your setup to publish' : publishing ? 'Publish your profile?' : 'Unpublish your profile?'
        }
        description={
          missing
            ? 'Mentees can find and book you once your profile information and at least one time slot are in place.'
            : publishing
              ? 'Mentees will find you in the coach directory and can book your time slots.'
              : 'Your profile leaves the directory and new bookings stop. Existing bookings are not affected.'
        }
        confirmLabel={missing ? missing.label : publishing ? 'Publish' : 'Unpublish'}
        destructive={!publishing}
        onConfirm={confirm}
        onCloseAutoFocus={focusDestination}
      >
        {publishing && checklist.isSuccess && <SetupChecklist checklist={checklist.data} />}
      </ConfirmDialog>
    </div>
  );
}
