import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { requestServiceAuthorization } from '../../api/connect-service';

interface ServiceConnectSectionProps {
  service: 'zoom' | 'calendly';
  /** The provider's name as the coach reads it: 'Zoom', 'Calendly'. */
  label: string;
  connected: boolean;
  /** What connecting does for the coach, shown under the button. */
  note: string;
}

/** The service's authorize page opens in this tab; it sends the coach back to /settings with the outcome. */
export function ServiceConnectSection({ service, label, connected, note }: ServiceConnectSectionProps) {
  const [busy, setBusy] = useState(false);

  const connect = async () => {
    setBusy(true);
    try {
      window.location.href = await requestServiceAuthorization(service);
    } catch (error) {
      toast.error(`${label} Connection Failed`, { description: errorMessage(error) });
      setBusy(false);
    }
  };

  if (connected) {
    return (
      <p className="flex items-center gap-2 font-semibold text-green-800">
        <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
        {label} connected
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <Button variant="secondary" disabled={busy} onClick={() => void connect()}>
        Connect {label}
      </Button>
      <p className="text-sm text-slate-700">{note}</p>
    </div>
  );
}
