import { formatInteger, ROSTER_IMPORT_ACCEPT, ROSTER_IMPORT_LIMITS, ROSTER_IMPORT_MESSAGES } from '@skillroom/contract/rules';
import { rosterImportFormFields, rosterImportTextBody } from '@skillroom/contract/schemas';
import type { RosterImportPreview, TeachingClass } from '@skillroom/contract/types';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { control, Frame } from '../../../components/ui/field';
import { Form, FormError, FormField, FormTextAreaField, setFormError, SubmitButton, useZodForm } from '../../../components/ui/form';
import { track } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { revalidateClassData } from '../../../lib/teaching-classes';
import { translateViolation } from '../../../lib/violations';
import { importRoster, previewRoster, type RosterSource } from '../api/students-api';
import { RosterPreview } from './roster-preview';

// The limits as the chosen language writes them (toLocaleString would take the browser's language).
const limits = (locale: string) => ({
  mb: ROSTER_IMPORT_LIMITS.maxBytes / 1024 / 1024,
  unpackedMb: ROSTER_IMPORT_LIMITS.maxUnpackedBytes / 1024 / 1024,
  rows: formatInteger(ROSTER_IMPORT_LIMITS.maxRows, locale),
});

/** The server's answers to input it cannot import, by their contract text, in the reader's language. */
const ERROR_KEYS: [string, string][] = [
  [ROSTER_IMPORT_MESSAGES.tooLarge, 'web_roster_error_too_large'],
  [ROSTER_IMPORT_MESSAGES.unpacksTooLarge, 'web_roster_error_unpacks_too_large'],
  [ROSTER_IMPORT_MESSAGES.tooManyRows, 'web_roster_error_too_many_rows'],
  [ROSTER_IMPORT_MESSAGES.unsupported, 'web_roster_error_unsupported'],
  [ROSTER_IMPORT_MESSAGES.empty, 'web_roster_error_empty'],
  [ROSTER_IMPORT_MESSAGES.unreadable, 'web_roster_error_unreadable'],
  [ROSTER_IMPORT_MESSAGES.noNameColumn, 'web_roster_error_no_name_column'],
  [ROSTER_IMPORT_MESSAGES.nothingToAdd, 'web_roster_error_nothing_to_add'],
];

/** The roster's own texts with the limits they name; the others as every form reads them. */
function rosterText(intl: IntlShape, text: string): string {
  const key = ERROR_KEYS.find(([m]) => m === text)?.[1];
  return key ? intl.formatMessage({ id: key }, limits(intl.locale)) : translateViolation(intl, text);
}

/** What a refused import says, above the list: its first violation or its message. */
const refusal = (e: unknown) =>
  e instanceof ApiError && e.status !== 0 ? (e.violations[0]?.message ?? e.message) : 'web_common_fetch_failed';

interface Values {
  text: string;
  file: File | null;
}

/**
 * Paste a list or upload a file (DESIGN §8): "Check the list" asks for a dry run and shows each row's status; "Add N
 * students" sends the same input for real, all or nothing, and goes back to the class with a toast.
 */
export function RosterImportForm({ cls, mode }: { cls: TeachingClass; mode: 'paste' | 'file' }) {
  const intl = useIntl();
  const navigate = useNavigate();
  // Pasted lines are read as the JSON body is, a file's form fields as the multipart ones (its own checks are the server's).
  const form = useZodForm<Values>(mode === 'paste' ? rosterImportTextBody : rosterImportFormFields, {
    defaultValues: { text: '', file: null },
    body: (v) => (mode === 'paste' ? { teachingClass: cls['@id'], text: v.text } : { teachingClass: cls['@id'] }),
    check: (v): Record<string, string> => (mode === 'file' && !v.file ? { root: 'web_roster_error_no_file' } : {}),
  });
  const [preview, setPreview] = useState<RosterImportPreview | null>(null);
  const [adding, setAdding] = useState(false);
  const reviewRef = useRef<HTMLHeadingElement>(null);

  const source = (v: Values): RosterSource | null =>
    mode === 'paste' ? { kind: 'text', text: v.text } : v.file ? { kind: 'file', file: v.file } : null;
  const changed = () => {
    setPreview(null);
    form.clearErrors();
  };
  // Focus follows what the check found once it is on the page (a frame callback could run before React renders it).
  useEffect(() => {
    if (preview) reviewRef.current?.focus();
  }, [preview]);

  const check = async (v: Values) => {
    const s = source(v);
    if (!s) return;
    try {
      setPreview(await previewRoster(cls['@id'], s));
    } catch (e) {
      setFormError(form, refusal(e));
    }
  };

  const add = async () => {
    const s = source(form.getValues());
    if (!s) return;
    setAdding(true);
    try {
      const result = await importRoster(cls['@id'], s);
      void revalidateClassData();
      void track({ name: 'students_imported', screen: 'New Student', properties: { source: mode, count: result['hydra:totalItems'] } });
      toast.success(intl.formatMessage({ id: 'web_roster_added' }, { count: result['hydra:totalItems'], name: cls.name }));
      navigate(`/teaching-class/${cls.id}`);
    } catch (e) {
      setAdding(false);
      setFormError(form, refusal(e));
    }
  };

  const count = preview ? preview.summary.new + preview.summary.existing : 0;
  return (
    <div className="space-y-6">
      <Form form={form} onSubmit={check} className="space-y-4" translateMessage={rosterText}>
        {mode === 'paste' ? (
          <FormTextAreaField
            name="text"
            label={<FormattedMessage id="web_roster_paste_label" />}
            hint={<FormattedMessage id="web_roster_paste_hint" />}
            rows={8}
            spellCheck={false}
            onInput={changed}
          />
        ) : (
          <FormField name="file" render={(f) => <FileField onPick={(file) => (f.onChange(file), changed())} />} />
        )}
        <SubmitButton variant={preview ? 'secondary' : 'primary'}>
          <FormattedMessage id="web_roster_check" />
        </SubmitButton>
        <FormError />
      </Form>
      {preview && (
        <section aria-labelledby="roster-review" className="space-y-4">
          <h2 id="roster-review" ref={reviewRef} tabIndex={-1} className="text-lg font-semibold">
            <FormattedMessage id="web_roster_review_title" />
          </h2>
          <RosterPreview preview={preview} />
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void add()} busy={adding} disabled={count === 0}>
              <FormattedMessage id="web_roster_add" values={{ count }} />
            </Button>
            <Button variant="secondary" onClick={changed}>
              <FormattedMessage id="web_roster_change" />
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

function FileField({ onPick }: { onPick: (f: File | null) => void }) {
  const id = 'roster-file';
  const { locale } = useIntl();
  return (
    <Frame
      id={id}
      label={<FormattedMessage id="web_roster_file_label" />}
      hint={<FormattedMessage id="web_roster_file_hint" values={limits(locale)} />}
    >
      <input
        id={id}
        type="file"
        accept={ROSTER_IMPORT_ACCEPT}
        className={`${control} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1`}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onPick(e.target.files?.[0] ?? null)}
      />
    </Frame>
  );
}
