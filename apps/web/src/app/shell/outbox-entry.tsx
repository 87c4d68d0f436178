import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormError, FormField, FormTextAreaField, SubmitButton, useZodForm } from '../../components/ui/form';
import { changeOutboxItem } from '../../features/ratings/api/outbox-send';
import { outboxLabel } from '../../features/ratings/api/outbox-names';
import { isRatingItem } from '../../features/ratings/api/outbox-item';
import { discardOutboxItem, retryOutboxItem } from '../../entities/outbox/outbox-flush';
import type { OutboxItemBase, OutboxLabel } from '../../entities/outbox/outbox-types';
import { PointsField } from '../../entities/ratings/points-field';
import { changeSelfAssessmentItem } from '../../entities/self-assessments/self-assessment-outbox';
import { isSelfAssessmentItem, selfAssessmentLabel } from '../../entities/self-assessments/self-assessment-outbox-item';
import { ApiError } from '../../lib/api-client';
import { loadOutboxKinds } from './outbox-kinds';

interface ChangeValues {
  /** A rating's note, or a self-assessment's reflection. */
  text: string;
  points: number;
  dropFiles: number[];
}

const labelOf = (intl: IntlShape, item: OutboxItemBase): OutboxLabel =>
  isSelfAssessmentItem(item)
    ? selfAssessmentLabel(intl, item)
    : isRatingItem(item)
      ? outboxLabel(intl, item)
      : { title: intl.formatMessage({ id: 'web_outbox_title' }), who: null, where: null };

/**
 * The change a refused save allows: a rating's note and points, a self-assessment's reflection (its stage names a stage
 * of the skill, chosen on its form), and dropping a file the server would not take. No schema: the shell stays without
 * zod, and the server's answer to the changed save comes back in the outbox as before.
 */
function ChangeForm({ item, onDone }: { item: OutboxItemBase; onDone: () => void }) {
  const intl = useIntl();
  const rating = isRatingItem(item) ? item : null;
  const self = isSelfAssessmentItem(item) ? item : null;
  const form = useZodForm<ChangeValues>(null, {
    defaultValues: { text: self?.reflection ?? rating?.description ?? '', points: rating?.points ?? 0, dropFiles: [] },
  });
  const save = async ({ text, points, dropFiles }: ChangeValues) => {
    if (self) await changeSelfAssessmentItem(self, { reflection: text, dropFiles });
    else if (rating) await changeOutboxItem(rating, { description: text, points, dropFiles });
    onDone();
  };
  return (
    <Form form={form} className="mt-3 space-y-3" onSubmit={save}>
      {rating && <FormField name="points" render={(f) => <PointsField value={f.value} onChange={f.onChange} />} />}
      <FormTextAreaField
        name="text"
        label={<FormattedMessage id={self ? 'web_self_assessment_reflection' : 'web_rating_note'} />}
        rows={2}
      />
      <FormField
        name="dropFiles"
        render={(f) =>
          item.files.map((file, i) => (
            <label key={`${file.key}`} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-5 w-5 accent-teal-700"
                checked={(f.value as number[]).includes(i)}
                onChange={(e) => {
                  const drop = f.value as number[];
                  f.onChange(e.target.checked ? [...drop, i] : drop.filter((x) => x !== i));
                }}
              />
              {intl.formatMessage({ id: 'web_outbox_drop_file' }, { name: file.name })}
            </label>
          ))
        }
      />
      <FormError />
      <div className="flex flex-wrap gap-2">
        <SubmitButton>
          <FormattedMessage id="web_outbox_save_change" />
        </SubmitButton>
        <Button variant="secondary" onClick={onDone}>
          <FormattedMessage id="web_confirm_cancel" />
        </Button>
      </div>
    </Form>
  );
}

/** One waiting or refused save in the header's list, with what can be done about it. */
export function OutboxEntry({ item, online }: { item: OutboxItemBase; online: boolean }) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = (work: () => Promise<unknown>) => {
    setError(null);
    work().catch((e: unknown) => setError(e instanceof ApiError ? e.message : intl.formatMessage({ id: 'web_common_fetch_failed' })));
  };
  const refused = item.state === 'refused';
  const label = labelOf(intl, item);
  return (
    <div className="px-4 py-3" data-testid="outbox-item" data-state={item.state}>
      <p className="text-sm font-semibold break-words text-slate-900">{label.title}</p>
      {label.who && <p className="text-sm break-words text-slate-800">{label.who}</p>}
      {label.where && <p className="text-sm break-words text-slate-700">{label.where}</p>}
      <p className="text-sm text-slate-700">
        {item.files.length > 0 && <>{intl.formatMessage({ id: 'web_outbox_files' }, { count: item.files.length })} · </>}
        {refused ? (
          <span className="font-medium text-red-800">
            {intl.formatMessage({ id: 'web_outbox_refused' }, { reason: item.reason ?? '' })}
          </span>
        ) : (
          <FormattedMessage id="web_outbox_waiting_state" />
        )}
      </p>
      {refused && !editing && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="secondary" disabled={!online} onClick={() => act(async () => retryOutboxItem(item, await loadOutboxKinds()))}>
            <FormattedMessage id="web_common_retry" />
          </Button>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <FormattedMessage id="web_outbox_change" />
          </Button>
          <Button variant="ghost" onClick={() => act(async () => discardOutboxItem(item, await loadOutboxKinds()))}>
            <FormattedMessage id="web_outbox_discard" />
          </Button>
        </div>
      )}
      {refused && editing && <ChangeForm item={item} onDone={() => setEditing(false)} />}
      {error && (
        <div className="mt-2">
          <Alert>{error}</Alert>
        </div>
      )}
    </div>
  );
}
