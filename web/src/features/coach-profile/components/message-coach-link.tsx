import { MessageSquare } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { useAuth } from '@/lib/auth';
import { useContact } from '@/lib/contacts';

/** "Message" for a signed-in visitor who has booked this mentor (the server decides who may write). */
export function MessageCoachLink({ coachId, coachName }: { coachId: string; coachName: string }) {
  const { user } = useAuth();
  const signedInOther = Boolean(user && user.userId !== coachId);
  const contact = useContact(coachId, signedInOther);
  if (!signedInOther || !contact.data?.canMessage) return null;
  return (
    <ButtonLink variant="secondary" to={`/messages?with=${encodeURIComponent(coachId)}`} className="gap-2">
      <MessageSquare className="h-4 w-4" aria-hidden="true" />
      Message<span className="sr-only"> {coachName}</span>
    </ButtonLink>
  );
}
