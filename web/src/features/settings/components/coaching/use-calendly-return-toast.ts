import { useEffect } from 'react';
import { toast } from 'sonner';
import type { ZoomReturn } from '../settings-query';

export type CalendlyReturn = ZoomReturn;

const TOAST_ID = 'calendly-return';

/** Back from Calendly's authorize page: `?calendly=connected` or `?calendly_error=…`. */
export function readCalendlyReturn(params: URLSearchParams): CalendlyReturn | null {
  const error = params.get('calendly_error');
  if (error !== null) return { connected: false, error };
  return params.get('calendly') === 'connected' ? { connected: true } : null;
}

/** Says whether the Calendly connection was made. */
export function useCalendlyReturnToast(calendlyReturn: CalendlyReturn | null) {
  useEffect(() => {
    if (!calendlyReturn) return;
    if (calendlyReturn.connected) {
      toast.success('Calendly Connected', {
        id: TOAST_ID,
        description: 'Times mentees pick in your Calendly can now be booked here.',
      });
    } else {
      toast.error('Calendly Connection Failed', { id: TOAST_ID, description: calendlyReturn.error });
    }
  }, [calendlyReturn]);
}
