import {
  DIRECTORY_EXPERIENCE_THRESHOLDS,
  experienceThresholdLabel,
  MEDICAL_SPECIALTIES,
} from '@functions/domain/fixed-lists';
import { CalendarCheck, ShieldCheck } from 'lucide-react';
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

type Filters = Pick<
  ReturnType<typeof useDirectoryFilters>,
  'q' | 'specialty' | 'experience' | 'verifiedOnly' | 'planOnly' | 'setFilter'
>;

const checkboxClass = 'h-4 w-4 rounded border-slate-300 accent-emerald-700';

export function DirectoryFilters({ q, specialty, experience, verifiedOnly, planOnly, setFilter }: Filters) {
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
      <div className="flex flex-wrap gap-x-6 gap-y-2 md:col-span-3">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={verifiedOnly}
            onChange={(event) => setFilter('verified', event.target.checked ? 'true' : '')}
            className={checkboxClass}
          />
          <ShieldCheck className="h-4 w-4 text-emerald-700" aria-hidden="true" />
          Verified physicians only
        </label>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={planOnly}
            onChange={(event) => setFilter('plan', event.target.checked ? 'true' : '')}
            className={checkboxClass}
          />
          <CalendarCheck className="h-4 w-4 text-brand-700" aria-hidden="true" />
          Offers a monthly plan
        </label>
      </div>
    </search>
  );
}
