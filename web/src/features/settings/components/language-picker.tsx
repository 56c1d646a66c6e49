import { LANGUAGES } from '@functions/domain/fixed-lists';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { inputClass } from '@/components/ui/form-field';

const MAX_SUGGESTIONS = 6;

/** Languages as removable chips, added by searching the fixed list; chosen ones are never suggested again. */
export function LanguagePicker({ value, onChange }: { value: string[]; onChange(next: string[]): void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const suggestions = term
    ? LANGUAGES.filter((language) => !value.includes(language) && language.toLowerCase().includes(term)).slice(
        0,
        MAX_SUGGESTIONS,
      )
    : [];
  const add = (language: string) => {
    if (!value.includes(language)) onChange([...value, language]);
    setSearch('');
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Languages
      </label>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chosen languages">
        {value.map((language) => (
          <li
            key={language}
            className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800"
          >
            {language}
            <button
              type="button"
              className="rounded-full p-1 hover:bg-brand-100"
              aria-label={`Remove ${language}`}
              onClick={() => onChange(value.filter((chosen) => chosen !== language))}
            >
              <X className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        type="search"
        className={`${inputClass} mt-2`}
        placeholder="Search languages to add"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && suggestions[0]) {
            event.preventDefault();
            add(suggestions[0]);
          }
        }}
      />
      {suggestions.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Suggested languages">
          {suggestions.map((language) => (
            <li key={language}>
              <button
                type="button"
                className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:border-brand-600"
                onClick={() => add(language)}
              >
                Add {language}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
