import type { HydraCollection, RatingComment } from '@skillroom/contract/types';
import { useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import useSWR from 'swr';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { applyServerViolations, Form, FormError, FormField, SubmitButton, useZodForm } from '../../components/ui/form';
import { formatDateTime } from '../../lib/dates';

/** A write to the API (the card's, already loaded): throws a 400 or 403 as it came, any other failure without words. */
export type CommentWrite = (path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown) => Promise<void>;

interface Props {
  ratingId: number;
  canComment: boolean;
  /** The thread's list (an SWR key). */
  listKey: string;
  write: CommentWrite;
  /** The longest comment (RATING_COMMENT_MAX, passed in: the chunk imports none of the contract's modules, so no schema). */
  max: number;
}

// Plain buttons for the comments' own actions: small, beside each comment.
const small =
  'inline-flex min-h-8 items-center rounded-md px-2 py-1 text-sm font-semibold transition disabled:cursor-not-allowed ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

/**
 * A rating's comments as the reader may see them (DESIGN §11), oldest first: author, time and text; a teacher hides or
 * deletes any, an author deletes their own; and a one-line form to add one. Loaded when the thread first opens.
 */
export default function CommentThread({ ratingId, canComment, listKey, write, max }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { data, mutate } = useSWR<HydraCollection<RatingComment>>(listKey);
  // The one rule of a comment the reader can break here is a blank one, which is never sent (the box has the length).
  const form = useZodForm<{ text: string }>(null, { defaultValues: { text: '' } });
  const text = useWatch({ control: form.control, name: 'text' });
  const sending = form.formState.isSubmitting;
  const [working, setWorking] = useState(false);
  const busy = working || sending;
  const [error, setError] = useState<string | null>(null);
  const field = useId();
  const comments = data?.['hydra:member'] ?? [];
  // The comment whose deletion waits for a yes; focus goes to the thread when its button is gone.
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const thread = useRef<HTMLDivElement>(null);

  const run = async (work: () => Promise<unknown>) => {
    setWorking(true);
    setError(null);
    try {
      await work();
      await mutate();
      return true;
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('web_comments_failed'));
      return false;
    } finally {
      setWorking(false);
    }
  };
  const submit = async (v: { text: string }) => {
    if (!v.text.trim()) return;
    setError(null);
    try {
      await write('/rating-comment', 'POST', { rating: `/api/auth/v1/rating/${ratingId}`, text: v.text });
    } catch (e) {
      // A violation of the text beside the box; the server's words (comments turned off) or the thread's own failure above.
      return void applyServerViolations(form, e, 'web_comments_failed');
    }
    form.reset();
    await mutate();
  };

  return (
    <div ref={thread} tabIndex={-1} className="space-y-3 focus-visible:outline-2 focus-visible:outline-teal-700">
      {!data ? null : comments.length === 0 ? (
        <p className="text-sm text-slate-600">{t('web_comments_empty')}</p>
      ) : (
        <ul className="space-y-2" aria-label={t('web_comments_list_label')}>
          {comments.map((c) => {
            const name = [c.author.firstName, c.author.lastName].filter(Boolean).join(' ');
            return (
              <li
                key={c.id}
                className={`rounded-md p-3 text-sm ${c.isHidden ? 'bg-slate-100 text-slate-600' : 'bg-slate-50 text-slate-800'}`}
              >
                <p className="flex flex-wrap items-baseline gap-2 text-xs text-slate-600">
                  <span className="font-semibold text-slate-800">{name}</span>
                  {c.byTeacher && <span className="rounded-full bg-teal-50 px-2 text-teal-800">{t('web_comments_teacher')}</span>}
                  <time dateTime={c.created}>{formatDateTime(c.created)}</time>
                  {c.isHidden && <span className="font-semibold">{t('web_comments_hidden')}</span>}
                </p>
                <p className="mt-1 break-words whitespace-pre-line">{c.text}</p>
                {(c.canHide || c.canDelete) && (
                  <div className="mt-2 flex flex-wrap gap-2">
                    {c.canHide && (
                      <button
                        type="button"
                        className={`${small} text-slate-700 hover:bg-slate-100`}
                        aria-label={t(c.isHidden ? 'web_comments_show_label' : 'web_comments_hide_label', { name })}
                        disabled={busy}
                        onClick={() => void run(() => write(`/rating-comment/${c.id}`, 'PATCH', { isHidden: !c.isHidden }))}
                      >
                        {t(c.isHidden ? 'web_comments_show' : 'web_comments_hide')}
                      </button>
                    )}
                    {c.canDelete && (
                      <button
                        type="button"
                        className={`${small} text-red-700 hover:bg-red-50 hover:text-red-800`}
                        aria-label={t('web_comments_delete_label', { name })}
                        disabled={busy}
                        onClick={() => setDeleting({ id: c.id, name })}
                      >
                        {t('web_comments_delete')}
                      </button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('web_comments_delete_title')}
        confirmLabel={t('web_comments_delete')}
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const id = deleting?.id;
          if (id !== undefined) void run(() => write(`/rating-comment/${id}`, 'DELETE')).then(() => setDeleting(null));
        }}
        fallbackFocus={() => thread.current}
      >
        {deleting && t('web_comments_delete_body', { name: deleting.name })}
      </ConfirmDialog>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {canComment && (
        <Form form={form} onSubmit={submit} className="space-y-2">
          <FormError />
          <FormField
            name="text"
            render={(f, fieldError) => (
              <div className="flex items-end gap-2">
                <div className="min-w-0 flex-1">
                  <label htmlFor={field} className="sr-only">
                    {t('web_comments_add_label')}
                  </label>
                  <textarea
                    id={field}
                    ref={f.ref}
                    name={f.name}
                    rows={1}
                    maxLength={max}
                    placeholder={t('web_comments_add_label')}
                    value={f.value as string}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    aria-invalid={fieldError ? true : undefined}
                    aria-describedby={fieldError ? `${field}-error` : undefined}
                    onKeyDown={(e) => {
                      // Enter sends, as in a chat; Shift+Enter is left to the browser.
                      if (e.key === 'Enter' && !e.shiftKey) {
                        e.preventDefault();
                        if (e.currentTarget.value.trim()) e.currentTarget.form?.requestSubmit();
                      }
                    }}
                    className="block min-h-10 w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900"
                  />
                  {fieldError && (
                    <p id={`${field}-error`} className="mt-1 text-sm font-medium text-red-700">
                      {fieldError}
                    </p>
                  )}
                </div>
                <SubmitButton disabled={working || !text.trim()}>{t('web_comments_send')}</SubmitButton>
              </div>
            )}
          />
        </Form>
      )}
    </div>
  );
}
