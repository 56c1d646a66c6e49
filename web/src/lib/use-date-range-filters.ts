import { type FormEvent, useState } from 'react';

const TO_BEFORE_FROM = 'Choose a To date on or after the From date.';

/**
 * A filter form over a range of UTC days: the fields are a draft until submitted, and a reversed
 * range is refused at the To field (ISO dates compare as text; the server refuses one too, but only
 * the form can say which field). `applied` turns the draft into what the form applies.
 */
export function useDateRangeFilters<Filters extends { from?: string; to?: string }>(
  value: Filters,
  onApply: (next: Filters) => void,
  applied: (draft: Filters) => Filters,
) {
  const [draft, setDraft] = useState(value);
  const [rangeError, setRangeError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reversed = Boolean(draft.from && draft.to && draft.from > draft.to);
    setRangeError(reversed ? TO_BEFORE_FROM : undefined);
    if (reversed) return;
    onApply(applied(draft));
  };
  return { draft, setDraft, rangeError, submit };
}
