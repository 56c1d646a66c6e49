import { useEffect } from 'react';
import { toast } from 'sonner';
import type { ServiceReturn } from '../settings-query';

/** Back from a service's authorize page: say whether the connection was made (spec section 8). */
export function useServiceReturnToast(
  label: string,
  serviceReturn: ServiceReturn | null,
  connectedDescription: string,
) {
  useEffect(() => {
    if (!serviceReturn) return;
    const id = `${label}-return`;
    if (serviceReturn.connected) {
      toast.success(`${label} Connected`, { id, description: connectedDescription });
    } else {
      toast.error(`${label} Connection Failed`, { id, description: serviceReturn.error });
    }
  }, [label, serviceReturn, connectedDescription]);
}
