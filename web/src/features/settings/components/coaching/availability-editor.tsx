import { timeZoneDisplayName } from '@functions/domain/fixed-lists';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { useMyAvailability } from '../../api/my-availability';
import { SettingsCard } from '../settings-card';
import { COACHING_SECTIONS } from './coaching-sections';
import { AddAvailabilityForm } from './add-availability-form';
import { AvailabilityList } from './availability-list';

export function AvailabilityEditor({ coachId, zone }: { coachId: string; zone: string }) {
  const availability = useMyAvailability();
  return (
    <SettingsCard
      id={COACHING_SECTIONS.availability}
      title="Availability"
      lead={`When mentees can book you, in your time zone (${timeZoneDisplayName(zone)}).`}
    >
      {availability.isPending && <Spinner label="Loading your time slots" />}
      {availability.isError && (
        <LoadFailed what="your time slots" error={availability.error} onRetry={() => void availability.refetch()} />
      )}
      {availability.isSuccess && (
        <div className="space-y-6">
          <AvailabilityList coachId={coachId} windows={availability.data} zone={zone} />
          <AddAvailabilityForm coachId={coachId} zone={zone} existing={availability.data} />
        </div>
      )}
    </SettingsCard>
  );
}
