import { useState } from 'react';

type Values = Record<string, unknown>;

/**
 * A settings section's edits over the saved values: each field holds what the admin typed until
 * its saved value changes (this section's save, another admin's, an imported backup), when it
 * starts again from the new one. The saved values are compared during render, so no render shows
 * a field behind what was saved and no effect has to catch up.
 */
export function useSettingsDraft<T extends Values>(saved: T) {
  const [draft, setDraft] = useState(saved);
  const [base, setBase] = useState(saved);
  const moved = (Object.keys(saved) as (keyof T)[]).filter((key) => !Object.is(saved[key], base[key]));
  if (moved.length > 0) {
    setBase(saved);
    setDraft((d) => ({ ...d, ...Object.fromEntries(moved.map((key) => [key, saved[key]])) }));
  }
  const set = (patch: Partial<T>) => setDraft((d) => ({ ...d, ...patch }));
  return [draft, set] as const;
}
