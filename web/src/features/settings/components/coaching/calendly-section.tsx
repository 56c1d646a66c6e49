import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { requestCalendlyAuthorization } from './connect-calendly';

/** Calendly's authorize page opens in this tab; it sends the coach back to /settings with the outcome. */
export function CalendlySection({ calendlyConnected }: { calendlyConnected: boolean }) {
  const [busy, setBusy] = useState(false);

  const connect = async () => {
    setBusy(true);
    try {
      window.location.href = await requestCalendlyAuthorization();
    } catch (error) {
      toast.error('Calendly Connection Failed', { description: errorMessage(error) });
      setBusy(false);
    }
  };

  if (calendlyConnected) {
    return (
      <p className="flex items-center gap-2 font-semibold text-green-800">
        <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
        Calendly connected
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <Button variant="secondary" disabled={busy} onClick={() => void connect()}>
        Connect Calendly
      </Button>
      <p className="text-sm text-slate-700">
        Mentees book you through your Calendly page. Connect it so the times they pick there can be booked and paid for
        here.
      </p>
    </div>
  );
}
