import type { Locale } from '@skillroom/contract/constants';
import type { TeachingClass, TeachingClassStudent } from '@skillroom/contract/types';
import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { mutate } from 'swr';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { control } from '../../../components/ui/field';
import { Form, FormError, setFormError, SubmitButton, useZodForm } from '../../../components/ui/form';
import { LanguageOptions } from '../../../components/ui/language-select';
import { Loading } from '../../../components/ui/spinner';
import {
  downloadFamilyLetters,
  saveFamilyLanguage,
  useFamilyLetterDefaults,
} from '../../../entities/teaching-class-students/family-letters-api';
import { track } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { sortByName } from '../../../lib/name-order';
import { readFormMessage } from '../../../lib/violations';
import { classKey, fullName } from '../../../lib/teaching-classes';
import { isLocale, letterLanguageDefault, printedLanguage } from './family-letter-language';

const dialogClass =
  'm-auto flex max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg flex-col rounded-lg bg-white p-0 text-slate-900 shadow-xl ' +
  'backdrop:bg-slate-900/50';

/**
 * The language of each family's letter, then the PDF. A native modal <dialog>: focus stays inside, Escape closes
 * (unless saving), and focus returns to the button that opened it.
 */
export function FamilyLettersDialog({ cls, places, onClose }: { cls: TeachingClass; places: TeachingClassStudent[]; onClose: () => void }) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const setAllId = useId();
  const listId = useId();
  // The class list's order in the reader's language, the one the app, the letters PDF and the sheets share.
  const ordered = sortByName(places, fullName, intl.locale);
  const defaults = useFamilyLetterDefaults(cls.id);
  const known = defaults.data;
  // A place's saved language, else its family's known one, else the class's, else the reader's (issue 36 §5).
  const initial = (p: TeachingClassStudent) => (known ? letterLanguageDefault(p, known, intl.locale) : null);
  const [chosen, setChosen] = useState<Record<number, Locale>>({});
  const [all, setAll] = useState('');
  // The languages are the rows' own state (their defaults arrive after the dialog opens); the form sends and says what failed.
  const form = useZodForm(null);
  const busy = form.formState.isSubmitting;
  const valueOf = (p: TeachingClassStudent) => chosen[p.id] ?? initial(p);

  useEffect(() => {
    const d = ref.current;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    d?.showModal();
    return () => {
      if (d?.open) d.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const failure = (e: unknown) =>
    e instanceof ApiError && e.status !== 0 ? (e.violations[0]?.message ?? e.message) : 'web_common_fetch_failed';

  const submit = async () => {
    // Only what the server would not print by itself is written: a place left on its default keeps following its
    // family's or the class's language (the reader's, shown when the class has none, is written).
    const changed = known ? places.filter((p) => valueOf(p) !== printedLanguage(p, known)) : [];
    for (const p of changed) {
      try {
        await saveFamilyLanguage(p.id, valueOf(p)!);
      } catch (err) {
        await mutate(classKey(cls.id));
        const reason = readFormMessage(intl, failure(err));
        return setFormError(form, intl.formatMessage({ id: 'web_family_letters_save_failed' }, { name: fullName(p), reason }));
      }
    }
    if (changed.length) await mutate(classKey(cls.id));
    try {
      await downloadFamilyLetters(cls.id);
    } catch (err) {
      return setFormError(form, failure(err));
    }
    void track({ name: 'family_letters_printed', screen: 'Class Detail', properties: { students: places.length } });
    toast.success(intl.formatMessage({ id: 'web_family_letters_done' }));
    onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={dialogClass}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <Form form={form} onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
        <div className="shrink-0 space-y-3 border-b border-slate-200 p-5">
          <h2 id={titleId} className="text-lg font-bold">
            <FormattedMessage id="web_family_letters_open" />
          </h2>
          <p className="text-sm text-slate-700">
            <FormattedMessage id="web_family_letters_intro" />
          </p>
          <FormError />
          <div className="space-y-1">
            <label htmlFor={setAllId} className="block text-sm font-medium text-slate-800">
              <FormattedMessage id="web_family_letters_set_all" />
            </label>
            <select
              id={setAllId}
              className={`${control} sm:max-w-56`}
              value={all}
              disabled={!known || busy}
              onChange={(e) => {
                const v = e.target.value;
                setAll(v);
                if (isLocale(v)) setChosen(Object.fromEntries(places.map((p) => [p.id, v])));
              }}
            >
              <option value="">{intl.formatMessage({ id: 'web_family_letters_set_all_choose' })}</option>
              <LanguageOptions />
            </select>
          </div>
        </div>
        {!known ? (
          <div className="p-5">{defaults.error ? <Alert>{readFormMessage(intl, failure(defaults.error))}</Alert> : <Loading />}</div>
        ) : (
          // The rows scroll between a fixed head and foot (issue 36 §5: the buttons sat over the rows); every row lays its
          // name and language out the same way at any width, the name wrapping beside a select of fixed width.
          <div role="group" aria-labelledby={listId} className="min-h-0 flex-1 overflow-y-auto px-5 py-3" data-testid="letter-rows">
            <h3 id={listId} className="sr-only">
              <FormattedMessage id="web_family_letters_students" />
            </h3>
            <ul className="divide-y divide-slate-100">
              {ordered.map((p) => (
                <li key={p.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 py-2">
                  <span className="min-w-0 text-sm font-medium break-words">{fullName(p)}</span>
                  <div className="w-36 sm:w-48">
                    <select
                      aria-label={intl.formatMessage({ id: 'web_family_letters_language_of' }, { name: fullName(p) })}
                      className={control}
                      value={valueOf(p) ?? ''}
                      disabled={busy}
                      onChange={(e) => {
                        const v = e.target.value;
                        if (isLocale(v)) setChosen((c) => ({ ...c, [p.id]: v }));
                        setAll('');
                      }}
                    >
                      <LanguageOptions />
                    </select>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex shrink-0 flex-wrap justify-end gap-2 border-t border-slate-200 bg-white p-5">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            <FormattedMessage id="web_confirm_cancel" />
          </Button>
          <SubmitButton disabled={!known}>
            <FormattedMessage id="web_family_letters_submit" />
          </SubmitButton>
        </div>
      </Form>
    </dialog>
  );
}
