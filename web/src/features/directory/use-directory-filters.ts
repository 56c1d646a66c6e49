import { DIRECTORY_EXPERIENCE_THRESHOLDS, type DirectoryExperienceThreshold } from '@functions/domain/fixed-lists';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DirectoryFilters } from './api/get-coaches';

const isThreshold = (value: string | null): value is DirectoryExperienceThreshold =>
  (DIRECTORY_EXPERIENCE_THRESHOLDS as readonly (string | null)[]).includes(value);

/** The list's filters as a URL query names them (the route loader reads the same). */
export function directoryFilters(params: URLSearchParams): DirectoryFilters {
  const experience = params.get('experience');
  return {
    q: params.get('q')?.trim() || undefined,
    specialty: params.get('specialty') || undefined,
    experience: isThreshold(experience) ? experience : undefined,
    verified: params.get('verified') === 'true' ? 'true' : undefined,
    plan: params.get('plan') === 'true' ? 'true' : undefined,
  };
}

/**
 * The directory's filters live in the URL query, so a filtered list can be shared and the back
 * button steps through earlier filters.
 */
export function useDirectoryFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => directoryFilters(params), [params]);
  const q = params.get('q') ?? '';
  const specialty = params.get('specialty') ?? '';
  const { experience } = filters;
  const verifiedOnly = filters.verified === 'true';
  const planOnly = filters.plan === 'true';

  const setFilter = useCallback(
    (name: keyof DirectoryFilters, value: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      }),
    [setParams],
  );

  const clearFilters = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  return {
    q,
    specialty,
    experience,
    verifiedOnly,
    planOnly,
    filters,
    hasFilters: params.size > 0,
    setFilter,
    clearFilters,
  };
}
