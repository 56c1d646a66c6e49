import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

const DEBOUNCE_MS = 300;

/** A search field that reports its text once typing pauses, and follows outside changes (back button, Clear). */
export function SearchBox({ value, onSearch }: { value: string; onSearch(text: string): void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const [followedValue, setFollowedValue] = useState(value);
  // Adopt an outside change in the same render: an effect would leave one commit where the old
  // text and the new value disagree, and a slow render could let the debounce re-send the old text.
  if (value !== followedValue) {
    setFollowedValue(value);
    setText(value);
  }

  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (text === value) return;
    pending.current = setTimeout(() => onSearch(text), DEBOUNCE_MS);
    return () => clearTimeout(pending.current);
  }, [text, value, onSearch]);

  // Leaving the field sends a waiting search at once: left to its timer, it could fire after the
  // visitor has clicked a mentor's link and pull them back to the list before that page arrives.
  const sendPendingSearch = () => {
    clearTimeout(pending.current);
    if (text !== value) onSearch(text);
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Search mentors
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={sendPendingSearch}
          placeholder="Name, specialty or area of interest"
          className="w-full rounded-lg border border-slate-300 py-2 pl-9 pr-3 text-slate-900 placeholder:text-slate-500"
        />
      </div>
    </div>
  );
}
