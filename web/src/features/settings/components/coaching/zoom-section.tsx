import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { requestZoomAuthorization } from '../../api/connect-zoom';

/** Zoom's authorize page opens in this tab; it sends the coach back to /settings with the outcome. */
export function ZoomSection({ zoomConnected }: { zoomConnected: boolean }) {
  const [busy, setBusy] = useState(false);

  const connect = async () => {
    setBusy(true);
    try {
      window.location.href = await requestZoomAuthorization();
    } catch (error) {
      toast.error('Zoom Connection Failed', { description: errorMessage(error) });
      setBusy(false);
    }
  };

  if (zoomConnected) {
    return (
      <p className="flex items-center gap-2 font-semibold text-green-800">
        <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
        Zoom connected
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <Button variant="secondary" disabled={busy} onClick={() => void connect()}>
        Connect Zoom
      </Button>
      <p className="text-sm text-slate-700">
        Once connected, every session booked with you gets its own Zoom meeting link automatically.
      </p>
    </div>
  );
}
