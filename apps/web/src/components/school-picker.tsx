import { API_PUBLIC_PREFIX } from '@skillroom/contract/constants';
import type { HydraCollection, School } from '@skillroom/contract/types';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import useSWR from 'swr';
import { api, withQuery } from '../lib/api-client';
import { TextField } from './ui/field';

/** A school from the list, or a new one named by the user. */
export type SchoolChoice = { id: number; name: string } | { id: null; name: string } | null;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** A school's name as people type it: case, spacing and accents aside, as the server matches names (issue 36 §9). */
export const schoolKey = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * Search a school by name and pick it, or add it when it is not listed. Typed text is never dropped (issue 36 §9):
 * until a listed school is picked it stands as a new school (the "Add" option shows it chosen), and a listed school
 * of the same name, case and accents aside, is picked by itself; a form that saves a new school creates it then.
 */
export function SchoolPicker({ value, onChange, error }: { value: SchoolChoice; onChange: (s: SchoolChoice) => void; error?: string }) {
  const intl = useIntl();
  const [query, setQuery] = useState(value?.name ?? '');
  const term = useDebounced(tidy(query), 250);
  const groupId = useId();
  const { data, isLoading } = useSWR<HydraCollection<School>>(
    term.length >= 2 ? withQuery(`${API_PUBLIC_PREFIX}/schools`, { name: term }) : null,
    (path: string) => api<HydraCollection<School>>(path, { public: true }),
  );
  const schools = data?.['hydra:member'] ?? [];
  const match = schools.find((s) => schoolKey(s.name) === schoolKey(term));
  const typedMatch = value?.id === null && match && schoolKey(match.name) === schoolKey(value.name) ? match : null;
  useEffect(() => {
    if (typedMatch) onChange({ id: typedMatch.id, name: typedMatch.name });
  }, [typedMatch, onChange]);

  return (
    <div className="space-y-2">
      <TextField
        label={intl.formatMessage({ id: 'web_school_label' })}
        hint={intl.formatMessage({ id: 'web_school_hint' })}
        value={query}
        error={error}
        autoComplete="organization"
        onChange={(e) => {
          setQuery(e.target.value);
          const name = tidy(e.target.value);
          if (name !== value?.name) onChange(name ? { id: null, name } : null);
        }}
      />
      {term.length >= 2 && !(value?.id && value.name === query) && (
        <fieldset className="rounded-md border border-slate-200 p-2" aria-busy={isLoading}>
          <legend className="px-1 text-sm text-slate-700">
            <FormattedMessage id="web_school_choose" />
          </legend>
          {schools.map((s) => (
            <label key={s.id} className="flex cursor-pointer items-center gap-2 rounded px-2 py-2 hover:bg-slate-50">
              <input type="radio" name={groupId} checked={value?.id === s.id} onChange={() => onChange({ id: s.id, name: s.name })} />
              <span>{s.name}</span>
            </label>
          ))}
          {!match && !isLoading && (
            <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-2 hover:bg-slate-50">
              <input
                type="radio"
                name={groupId}
                checked={value !== null && value.id === null}
                onChange={() => onChange({ id: null, name: term })}
              />
              <span>
                <FormattedMessage id="web_school_add" values={{ name: term }} />
              </span>
            </label>
          )}
        </fieldset>
      )}
    </div>
  );
}
