import { useEffect } from 'react';
import { toast } from 'sonner';
import type { ZoomReturn } from '../settings-query';

const TOAST_ID = 'zoom-return';

/** Back from Zoom's authorize page: say whether the connection was made (spec section 8). */
export function useZoomReturnToast(zoomReturn: ZoomReturn | null) {
  useEffect(() => {
    if (!zoomReturn) return;
    if (zoomReturn.connected) {
      toast.success('Zoom Connected', { id: TOAST_ID, description: 'Your sessions will get Zoom meeting links.' });
    } else {
      toast.error('Zoom Connection Failed', { id: TOAST_ID, description: zoomReturn.error });
    }
  }, [zoomReturn]);
}
