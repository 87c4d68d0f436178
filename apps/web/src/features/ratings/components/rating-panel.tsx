import type { ClassLearningSkill, Rating, TeachingClass } from '@skillroom/contract/types';
import { useEffect, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
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
import { dayDate, isoDay } from '../../../lib/dates';
import { fullName, may } from '../../../lib/teaching-classes';
import { violationsOf } from '../../../lib/violations';
import { SkillActionChooser } from '../../../entities/learning-skills/skill-action-chooser';
import { AttachmentsField } from '../../../entities/media/attachments-field';
import { outsideClassDates, translateDateViolation } from '../../../entities/ratings/date-messages';
import { observationMedias, ratingDays, saveObservation } from '../../../entities/ratings/observations';
import { PointsField } from '../../../entities/ratings/points-field';
import { classFeeds, placeIri, revalidateRatings } from '../../../entities/ratings/ratings-api';
import { createRatings } from '../api/save-ratings';
import { StudentsPicker } from './students-picker';
import { useAttachments, type AttachmentsState } from '../../../entities/media/use-attachments';

export interface PanelStart {
  studentIds: number[];
  skillId: number | null;
  actionIds: number[];
}

interface Props {
  cls: TeachingClass;
  skills: ClassLearningSkill[];
  /** Editing: the ratings of one observation; null for a new one. */
  group: Rating[] | null;
  start: PanelStart;
  /** After a save: the observation, and whether it waits on this device (offline outbox). */
  onSaved: (observation: string, queued: boolean) => void;
  onCancel: () => void;
  /** Beside Save and Cancel (the editor's Delete). */
  extra?: ReactNode;
  /** Told whenever the chosen students change, so the sheet's title says whom it rates. */
  onStudents?: (studentIds: number[]) => void;
  /** Told whether something typed or attached would be lost by closing (the sheet then asks first). */
  onDirty?: (dirty: boolean) => void;
  /** The sheet's files, chosen on its quick path before "More options" (a new observation only). */
  attachments?: AttachmentsState;
}

interface PanelValues extends PanelStart {
  date: string;
  points: number;
  description: string;
}

// The capture chunk stays without zod: the observation's schema loads when the form is first focused or checked.
const loadCreateSchema = () => import('@skillroom/contract/schemas').then((m) => m.observationCreateBody);
const loadEditSchema = () => import('@skillroom/contract/schemas').then((m) => m.observationPatchBody);
// The skill is chosen with the actions: a violation of either shows under the chooser.
const PATHS = { learningSkill: 'actionIds', learningActions: 'actionIds' };

/**
 * The full rating form (spec §4, DESIGN §7): which skill and actions, who, points, date, note, evidence. The same form
 * makes a new observation (in the rating sheet) and edits one (every rating of it at once).
 */
export function RatingPanel({ cls, skills, group, start, onSaved, onCancel, extra, onStudents, onDirty, attachments: shared }: Props) {
  const intl = useIntl();
  const first = group?.[0] ?? null;
  const own = useAttachments(group ? observationMedias(group) : []);
  const attachments = shared ?? own;
  // The date lies outside the class's dates: its editors get a way to change them (issue 36 §10).
  const [outsideClass, setOutsideClass] = useState(false);
  const days = ratingDays(cls);
  // An observation with a rating of its skill as a whole (no action: DESIGN §14) may be saved with no action chosen.
  const actionNeeded = !group?.some((r) => r.learningAction === null);
  const form = useZodForm<PanelValues>(group ? loadEditSchema : loadCreateSchema, {
    defaultValues: {
      ...start,
      date: first?.date ?? isoDay(),
      points: first?.points ?? cls.defaultPoints,
      description: first?.description ?? '',
    },
    // The request's body: a new observation's files go with it through the outbox, an edit names its uploads.
    body: (v) => ({
      ...(group ? { medias: attachments.medias.map((m) => m.id) } : { teachingClass: cls.id }),
      learningSkill: v.skillId ?? undefined,
      // None chosen in an edit: its ratings of the skill as a whole stay (observations.ts).
      ...(v.actionIds.length || !group ? { learningActions: v.actionIds } : {}),
      students: v.studentIds.map(placeIri),
      date: v.date,
      points: v.points,
      description: v.description,
    }),
    check: (v) => ({
      ...(v.skillId === null || (actionNeeded && v.actionIds.length === 0) ? { actionIds: 'web_rating_action_required' } : {}),
      // Blank or not a day: the reader's words, not the schema's.
      ...(dayDate(v.date) ? {} : { date: 'web_rating_date_required' }),
    }),
    paths: PATHS,
  });
  const [skillId, actionIds, description] = useWatch({ control: form.control, name: ['skillId', 'actionIds', 'description'] });
  const dirty =
    description.trim() !== (first?.description ?? '').trim() || attachments.items.length > (group ? observationMedias(group).length : 0);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  // Whom a save names, for its toast (issue 36 §4): a name for one, a count for several, the class for none.
  const whom = (ids: number[]) => {
    const one = ids.length === 1 ? cls.teachingClassStudents?.find((s) => s.id === ids[0]) : undefined;
    return { students: ids.length, name: one ? fullName(one) : '' };
  };

  const save = async (common: PanelValues) => {
    // Still uploading: Save waits (its button is disabled meanwhile; Enter in a field does nothing).
    if (attachments.uploading || common.skillId === null) return;
    const values = { ...common, skillId: common.skillId };
    try {
      if (group) {
        const observation = await saveObservation(group, cls.id, { ...values, mediaIds: attachments.medias.map((m) => m.id) });
        toast.success(intl.formatMessage({ id: 'web_rating_updated' }));
        onSaved(observation, false);
      } else {
        // Offline (or the connection drops midway), the save waits in the outbox and the form closes all the same.
        const made = await createRatings({ ...values, classId: cls.id, context: { cls, skills }, attachments: attachments.items });
        toast.success(
          made.queuedId
            ? intl.formatMessage({ id: 'web_capture_saved_offline' })
            : intl.formatMessage({ id: 'web_rating_created' }, { count: made.ratingIds.length, ...whom(values.studentIds) }),
        );
        onSaved(made.observation, Boolean(made.queuedId));
      }
      attachments.reset();
      await revalidateRatings(classFeeds(cls));
    } catch (e) {
      // The server's word on the date (outside the class's dates, in the future) goes beside the date field.
      setOutsideClass(outsideClassDates((violationsOf(e) ?? []).map((v) => v.message)));
      applyServerViolations(form, e);
    }
  };

  const { isSubmitting } = form.formState;
  return (
    <Form form={form} onSubmit={save} translateMessage={translateDateViolation} className="space-y-5">
      <FormField
        name="actionIds"
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
                actionIds={f.value as number[]}
                single={false}
                onSkill={(id) => {
                  form.setValue('skillId', id);
                  // Choosing a different skill clears the chosen actions; choosing the same one keeps them.
                  f.onChange(id !== skillId ? [] : f.value);
                }}
                onAction={(id) => {
                  const all = f.value as number[];
                  f.onChange(all.includes(id) ? all.filter((x) => x !== id) : [...all, id]);
                }}
                error={error ?? null}
              />
            )}
            {error && skillId === null && <p className="text-sm font-medium text-red-700">{error}</p>}
          </>
        )}
      />
      {/* After the skills (issue 36 §3): who is rated shows as chips, the checklist opens on demand. */}
      <FormField
        name="studentIds"
        render={(f) => (
          <StudentsPicker
            students={cls.teachingClassStudents ?? []}
            ids={f.value as number[]}
            onChange={(ids) => {
              f.onChange(ids);
              onStudents?.(ids);
            }}
          />
        )}
      />
      <FormField
        name="points"
        render={(f) => (
          <PointsField value={f.value as number} onChange={f.onChange} stages={skills.find((s) => s.id === skillId)?.stages} />
        )}
      />
      <FormField
        name="date"
        render={(f, error) => (
          <DateField
            label={intl.formatMessage({ id: 'web_rating_date' })}
            value={f.value as string}
            onChange={(d) => {
              f.onChange(d);
              setOutsideClass(false);
            }}
            onBlur={f.onBlur}
            required
            min={days.min}
            max={days.max}
            error={error}
          />
        )}
      />
      {outsideClass && may(cls, 'edit') && (
        <Link to={`/teaching-class/${cls.id}/edit`} className="text-sm font-medium text-teal-800 underline">
          <FormattedMessage id="web_capture_edit_class_dates" />
        </Link>
      )}
      <FormTextAreaField name="description" label={<FormattedMessage id="web_rating_note" />} rows={3} />
      <AttachmentsField state={attachments} />
      <FormError />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton disabled={attachments.uploading}>
          {group ? (
            <FormattedMessage id="web_rating_save_update" />
          ) : (
            <FormattedMessage id="web_rating_save" values={{ count: Math.max(1, actionIds.length) }} />
          )}
        </SubmitButton>
        <Button
          variant="secondary"
          disabled={isSubmitting}
          // Closing may first ask whether to discard (the sheet); uploads still running stop when the form goes.
          onClick={onCancel}
        >
          <FormattedMessage id="web_confirm_cancel" />
        </Button>
        {attachments.uploading && (
          <p className="text-sm text-slate-700">
            <FormattedMessage id="web_rating_wait_uploads" />
          </p>
        )}
        {extra && <div className="ml-auto">{extra}</div>}
      </div>
    </Form>
  );
}
