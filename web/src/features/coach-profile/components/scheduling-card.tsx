import type { Coach } from '@functions/schemas/coach';
import { CalendlyEmbed } from './calendly-embed';
import { ProfileCard } from './profile-card';
import { SlotPicker } from './slot-picker';

export function SchedulingCard({ coach, coachName }: { coach: Coach; coachName: string }) {
  return (
    <ProfileCard title="Schedule a Session">
      {coach.calendlyUrl ? (
        <CalendlyEmbed coach={coach} coachName={coachName} />
      ) : (
        <SlotPicker coach={coach} coachName={coachName} />
      )}
    </ProfileCard>
  );
}
