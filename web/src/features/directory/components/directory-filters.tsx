import {
  DIRECTORY_EXPERIENCE_THRESHOLDS,
  experienceThresholdLabel,
  MEDICAL_SPECIALTIES,
} from '@functions/domain/fixed-lists';
import { useCallback } from 'react';
import type { useDirectoryFilters } from '../use-directory-filters';
import { FilterSelect } from './filter-select';
import { SearchBox } from './search-box';

const SPECIALTY_OPTIONS = [
  { value: '', label: 'All specialties' },
  ...MEDICAL_SPECIALTIES.map((specialty) => ({ value: specialty, label: specialty })),
];

const EXPERIENCE_OPTIONS = [
  { value: '', label: 'All' },
  ...DIRECTORY_EXPERIENCE_THRESHOLDS.map((threshold) => ({
    value: threshold,
    label: experienceThresholdLabel(threshold),
  })),
];

type Filters = Pick<ReturnType<typeof useDirectoryFilters>, 'q' | 'specialty' | 'experience' | 'setFilter'>;

export function DirectoryFilters({ q, specialty, experience, setFilter }: Filters) {
  const search = useCallback((text: string) => setFilter('q', text), [setFilter]);
  return (
    <search
      aria-label="Filter mentors"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 md:grid-cols-[2fr_1fr_1fr]"
    >
      <SearchBox value={q} onSearch={search} />
      <FilterSelect
        label="Specialty"
        value={specialty}
        options={SPECIALTY_OPTIONS}
        onChange={(value) => setFilter('specialty', value)}
      />
      <FilterSelect
        label="Experience"
        value={experience ?? ''}
        options={EXPERIENCE_OPTIONS}
        onChange={(value) => setFilter('experience', value)}
      />
    </search>
  );
}
