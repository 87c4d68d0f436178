import type { Report } from '@skillroom/contract/types';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import useSWR from 'swr';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import {
  applyServerViolations,
  Form,
  FormError,
  FormField,
  FormTextAreaField,
  SubmitButton,
  useZodForm,
} from '../../../components/ui/form';
import { Loading } from '../../../components/ui/spinner';
import { createHomeObservation, revalidateHomeObservations } from '../../../entities/home-observations/home-observations-api';
import { SkillActionChooser } from '../../../entities/learning-skills/skill-action-chooser';
import { AttachmentsField } from '../../../entities/media/attachments-field';
import { translateDateViolation } from '../../../entities/ratings/date-messages';
import { useAttachments } from '../../../entities/media/use-attachments';
import { withQuery } from '../../../lib/api-client';
import { dayDate, isoDay } from '../../../lib/dates';
import { homeObservationChoices } from './home-observation-choices';

interface Props {
  placeId: number;
  /** The Student (the person) and the class of the family's link. */
  studentId: number;
  classId: number;
  onSent: () => void;
  onCancel: () => void;
}

/** The class's skills and dates, from the child's report in that class (home-observation-choices.ts). */
function useChildClassSkills(studentId: number, classId: number) {
  const report = useSWR<Report>(withQuery(`/report/student/${studentId}`, { teachingClassId: classId }));
  const data = report.data;
  const choices = useMemo(() => (data ? homeObservationChoices(data, classId) : null), [data, classId]);
  return { skills: choices?.skills ?? null, days: choices?.days ?? null, error: data ? null : (report.error as unknown) };
}

interface Values {
  skillId: number | null;
  actionId: number | null;
  date: string;
  description: string;
}

// The child's page stays without zod until the form is used.
const loadSchema = () => import('@skillroom/contract/schemas').then((m) => m.homeObservationCreateBody);
// The action is chosen with its skill: its violations show under the chooser.
const PATHS = { learningAction: 'actionId' };

/**
 * DESIGN §11: a family shares what their child did at home, on an action of the class's skills, with a date (today by
 * default, never in the future), a note and the same files as a rating (camera, microphone, the device's files; large
 * ones resumable). It waits for a teacher.
 */
export function HomeObservationForm({ placeId, studentId, classId, onSent, onCancel }: Props) {
  const intl = useIntl();
  const { skills, days, error: loadError } = useChildClassSkills(studentId, classId);
  const attachments = useAttachments();
  const bodyOf = (v: Values) => ({
    teachingClassStudent: placeId,
    learningAction: v.actionId ?? undefined,
    date: v.date,
    description: v.description.trim() || undefined,
    medias: attachments.medias.map((m) => m.id),
  });
  const form = useZodForm<Values>(loadSchema, {
    defaultValues: { skillId: null, actionId: null, date: isoDay(), description: '' },
    body: bodyOf,
    check: (v) => ({
      ...(v.actionId === null ? { actionId: 'web_rating_action_required' } : {}),
      // Blank or not a day: the reader's words, not the schema's.
      ...(dayDate(v.date) ? {} : { date: 'web_rating_date_required' }),
    }),
    paths: PATHS,
  });
  const skillId = useWatch({ control: form.control, name: 'skillId' });

  if (loadError) return <Alert>{intl.formatMessage({ id: 'web_common_fetch_failed' })}</Alert>;
  if (!skills) return <Loading />;

  const send = async (v: Values) => {
    // Still uploading: Send waits (its button is disabled meanwhile; Enter in a field does nothing).
    if (v.actionId === null || attachments.uploading) return;
    try {
      await createHomeObservation({ ...bodyOf(v), learningAction: v.actionId });
    } catch (e) {
      // The server's word on the date (in the future, outside the class) goes beside the date field.
      return void applyServerViolations(form, e);
    }
    toast.success(intl.formatMessage({ id: 'web_home_observations_sent' }));
    attachments.reset();
    await revalidateHomeObservations();
    onSent();
  };

  return (
    <Form form={form} onSubmit={send} translateMessage={translateDateViolation} className="space-y-5">
      <p className="text-sm text-slate-700">
        <FormattedMessage id="web_home_observations_add_hint" />
      </p>
      <FormField
        name="actionId"
        render={(f, error) => (
          <>
            {skills.length === 0 ? (
              <Alert tone="info">
                <FormattedMessage id="web_rating_no_skills" />
              </Alert>
            ) : (
              <SkillActionChooser
                skills={skills}
                skillId={skillId}
                actionIds={f.value === null ? [] : [f.value as number]}
                single
                onSkill={(id) => {
                  form.setValue('skillId', id);
                  f.onChange(id !== skillId ? null : f.value);
                }}
                onAction={f.onChange}
                error={error ?? null}
              />
            )}
            {error && skillId === null && <p className="text-sm font-medium text-red-700">{error}</p>}
          </>
        )}
      />
      <FormField
        name="date"
        render={(f, error) => (
          <DateField
            label={intl.formatMessage({ id: 'web_home_observations_date' })}
            value={f.value as string}
            onChange={f.onChange}
            onBlur={f.onBlur}
            required
            min={days?.min}
            max={days?.max ?? isoDay()}
            error={error}
          />
        )}
      />
      <FormTextAreaField name="description" label={<FormattedMessage id="web_home_observations_note" />} rows={3} />
      <AttachmentsField state={attachments} />
      <FormError />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton disabled={attachments.uploading || skills.length === 0}>
          <FormattedMessage id="web_home_observations_send" />
        </SubmitButton>
        <Button variant="secondary" disabled={form.formState.isSubmitting} onClick={onCancel}>
          <FormattedMessage id="web_confirm_cancel" />
        </Button>
        {attachments.uploading && (
          <p className="text-sm text-slate-700">
            <FormattedMessage id="web_rating_wait_uploads" />
          </p>
        )}
      </div>
    </Form>
  );
}
