import type { SessionView } from '@functions/schemas/session';
import { nextBoundary } from '@functions/domain/session-display';
import { useEffect, useState } from 'react';

/** setTimeout's longest delay; a later boundary is reached by re-arming. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The clock the dashboard derives display statuses from. It ticks exactly when some session
 * crosses a boundary (upcoming → soon → live → past), so badges and buttons change on time
 * without polling; `onPast` lets the caller reload when a session ended (the server completes it).
 */
export function useDisplayClock(sessions: readonly SessionView[] | undefined, onTick?: () => void): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!sessions) return;
    const upcoming = sessions
      .map((session) => nextBoundary(session, now))
      .filter((boundary): boundary is Date => boundary !== null);
    if (upcoming.length === 0) return;
    const next = Math.min(...upcoming.map((boundary) => boundary.getTime()));
    const timer = setTimeout(
      () => {
        setNow(new Date());
        onTick?.();
      },
      Math.min(Math.max(0, next - Date.now()) + 50, MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [sessions, now, onTick]);
  return now;
}
