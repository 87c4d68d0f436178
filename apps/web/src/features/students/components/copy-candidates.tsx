import type { TeachingClassStudent } from '@skillroom/contract/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { fullName } from '../../../lib/teaching-classes';

/** Where the copy's violations go: next to a student (by place id), or above the list. */
export interface CopyErrors {
  byPlace: Record<number, string>;
  general: string[];
}

interface Props {
  sourceName: string;
  candidates: TeachingClassStudent[];
  loading: boolean;
  failed: boolean;
  /** The Student IRIs already in the destination class: they cannot be ticked (spec §5). */
  here: Set<string>;
  selected: Set<number>;
  onSelect: (s: Set<number>) => void;
  errors: CopyErrors;
  busy: boolean;
  onCopy: () => void;
}

/** The students of the chosen class, to tick; those already in this class are shown but disabled. */
export function CopyCandidates({ sourceName, candidates, loading, failed, here, selected, onSelect, errors, busy, onCopy }: Props) {
  const intl = useIntl();
  if (loading) return <Loading />;
  if (failed) return <Alert>{intl.formatMessage({ id: 'web_common_fetch_failed' })}</Alert>;
  if (candidates.length === 0)
    return (
      <p className="text-sm text-slate-600">
        <FormattedMessage id="web_copy_students_source_empty" />
      </p>
    );

  const available = candidates.filter((p) => !here.has(p.student));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };

  return (
    <div className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">
          <FormattedMessage id="web_copy_students_legend" values={{ name: sourceName }} />
        </legend>
        {available.length > 0 && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" className="min-h-9 px-3 py-1" onClick={() => onSelect(new Set(available.map((p) => p.id)))}>
              <FormattedMessage id="web_copy_students_select_all" />
            </Button>
            {selected.size > 0 && (
              <Button variant="ghost" className="min-h-9 px-3 py-1" onClick={() => onSelect(new Set())}>
                <FormattedMessage id="web_copy_students_select_none" />
              </Button>
            )}
          </div>
        )}
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {candidates.map((p) => {
            const present = here.has(p.student);
            const error = errors.byPlace[p.id];
            const errorId = `copy-error-${p.id}`;
            return (
              <li key={p.id} className={`px-3 py-2 ${present ? 'bg-slate-50' : ''}`}>
                <label className={`flex items-center gap-3 ${present ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
                  <input
                    type="checkbox"
                    className="h-5 w-5 shrink-0 accent-teal-700"
                    checked={!present && selected.has(p.id)}
                    disabled={present}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    onChange={(e) => toggle(p.id, e.target.checked)}
                  />
                  <Avatar media={p.avatar} name={fullName(p)} size={32} />
                  <span className={`min-w-0 flex-1 break-words ${present ? 'text-slate-600' : 'text-slate-900'}`}>{fullName(p)}</span>
                  {present && (
                    <span className="shrink-0 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                      <FormattedMessage id="web_copy_students_already_here" />
                    </span>
                  )}
                </label>
                {error && (
                  <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {available.length === 0 && (
        <p className="text-sm text-slate-600">
          <FormattedMessage id="web_copy_students_all_here" />
        </p>
      )}
      {errors.general.length > 0 && <Alert>{errors.general.join(' ')}</Alert>}
      {available.length > 0 && (
        <Button busy={busy} onClick={onCopy}>
          <FormattedMessage id="web_copy_students_submit" values={{ count: selected.size }} />
        </Button>
      )}
    </div>
  );
}
