import { RATING_MESSAGES } from '@skillroom/contract/rules';
import type { ClassLearningSkill, Rating, TeachingClass } from '@skillroom/contract/types';
import { useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { TextAreaField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { dayDate, isoDay } from '../../../lib/dates';
import { fullName, may } from '../../../lib/teaching-classes';
import { SkillActionChooser } from '../../../entities/learning-skills/skill-action-chooser';
import { AttachmentsField } from '../../../entities/media/attachments-field';
import { dateRefusal } from '../../../entities/ratings/date-messages';
import { observationMedias, ratingDays, saveObservation } from '../../../entities/ratings/observations';
import { PointsField } from '../../../entities/ratings/points-field';
import { classFeeds, revalidateRatings } from '../../../entities/ratings/ratings-api';
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

/**
 * The full rating form (spec §4, DESIGN §7): which skill and actions, who, points, date, note, evidence. The same form
 * makes a new observation (in the rating sheet) and edits one (every rating of it at once).
 */
export function RatingPanel({ cls, skills, group, start, onSaved, onCancel, extra, onStudents, onDirty, attachments: shared }: Props) {
  const intl = useIntl();
  const first = group?.[0] ?? null;
  const [studentIds, setChosen] = useState(start.studentIds);
  const setStudentIds = (ids: number[]) => {
    setChosen(ids);
    onStudents?.(ids);
  };
  const [skillId, setSkillId] = useState(start.skillId);
  const [actionIds, setActionIds] = useState(start.actionIds);
  const [date, setDate] = useState(first?.date ?? isoDay());
  const [points, setPoints] = useState(first?.points ?? cls.defaultPoints);
  const [description, setDescription] = useState(first?.description ?? '');
  const own = useAttachments(group ? observationMedias(group) : []);
  const attachments = shared ?? own;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  // The date lies outside the class's dates: its editors get a way to change them (issue 36 §10).
  const [outsideClass, setOutsideClass] = useState(false);
  const [tried, setTried] = useState(false);
  const days = ratingDays(cls);
  // An observation with a rating of its skill as a whole (no action: DESIGN §14) may be saved with no action chosen.
  const actionNeeded = !group?.some((r) => r.learningAction === null);
  const dirty =
    description.trim() !== (first?.description ?? '').trim() || attachments.items.length > (group ? observationMedias(group).length : 0);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  // Whom a save names, for its toast (issue 36 §4): a name for one, a count for several, the class for none.
  const whom = (ids: number[]) => {
    const one = ids.length === 1 ? cls.teachingClassStudents?.find((s) => s.id === ids[0]) : undefined;
    return { students: ids.length, name: one ? fullName(one) : '' };
  };

  const save = async () => {
    setTried(true);
    if (skillId === null || (actionNeeded && actionIds.length === 0) || attachments.uploading || !dayDate(date)) return;
    setBusy(true);
    setError(null);
    setDateError(null);
    try {
      const common = { date, points, description, studentIds, skillId, actionIds };
      if (group) {
        const observation = await saveObservation(group, cls.id, { ...common, mediaIds: attachments.medias.map((m) => m.id) });
        toast.success(intl.formatMessage({ id: 'web_rating_updated' }));
        onSaved(observation, false);
      } else {
        const made = await createRatings({ ...common, classId: cls.id, context: { cls, skills }, attachments: attachments.items });
        toast.success(
          made.queuedId
            ? intl.formatMessage({ id: 'web_capture_saved_offline' })
            : intl.formatMessage({ id: 'web_rating_created' }, { count: made.ratingIds.length, ...whom(studentIds) }),
        );
        onSaved(made.observation, Boolean(made.queuedId));
      }
      attachments.reset();
      await revalidateRatings(classFeeds(cls));
    } catch (e) {
      setBusy(false);
      if (!(e instanceof ApiError)) return setError(intl.formatMessage({ id: 'web_common_fetch_failed' }));
      // The server's word on the date (outside the class's dates, in the future) goes beside the date field.
      const refusal = dateRefusal(intl, e);
      if (refusal.date) setDateError(refusal.date);
      setOutsideClass(
        e.violations.some((v) => v.message === RATING_MESSAGES.dateBeforeClass || v.message === RATING_MESSAGES.dateAfterClass),
      );
      setError(refusal.other);
    }
  };

  const missingAction = tried && (skillId === null || (actionNeeded && actionIds.length === 0));
  const badDate = tried && !dayDate(date) ? intl.formatMessage({ id: 'web_rating_date_required' }) : null;
  return (
    <div className="space-y-5">
      {skills.length === 0 ? (
        <Alert tone="info">
          <FormattedMessage id="web_rating_no_skills" />
        </Alert>
      ) : (
        <SkillActionChooser
          skills={skills}
          skillId={skillId}
          actionIds={actionIds}
          single={false}
          onSkill={(id) => {
            // Choosing a different skill clears the chosen actions; choosing the same one keeps them.
            if (id !== skillId) setActionIds([]);
            setSkillId(id);
          }}
          onAction={(id) => setActionIds((all) => (all.includes(id) ? all.filter((x) => x !== id) : [...all, id]))}
          error={missingAction ? intl.formatMessage({ id: 'web_rating_action_required' }) : null}
        />
      )}
      {missingAction && skillId === null && (
        <p className="text-sm font-medium text-red-700">
          <FormattedMessage id="web_rating_action_required" />
        </p>
      )}
      {/* After the skills (issue 36 §3): who is rated shows as chips, the checklist opens on demand. */}
      <StudentsPicker students={cls.teachingClassStudents ?? []} ids={studentIds} onChange={setStudentIds} />
      <PointsField value={points} onChange={setPoints} />
      <DateField
        label={intl.formatMessage({ id: 'web_rating_date' })}
        value={date}
        onChange={(d) => {
          setDate(d);
          setDateError(null);
          setOutsideClass(false);
        }}
        required
        min={days.min}
        max={days.max}
        error={badDate ?? dateError}
      />
      {outsideClass && may(cls, 'edit') && (
        <Link to={`/teaching-class/${cls.id}/edit`} className="text-sm font-medium text-teal-800 underline">
          <FormattedMessage id="web_capture_edit_class_dates" />
        </Link>
      )}
      <TextAreaField
        label={<FormattedMessage id="web_rating_note" />}
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <AttachmentsField state={attachments} />
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void save()} busy={busy} disabled={attachments.uploading}>
          {group ? (
            <FormattedMessage id="web_rating_save_update" />
          ) : (
            <FormattedMessage id="web_rating_save" values={{ count: Math.max(1, actionIds.length) }} />
          )}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
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
    </div>
  );
}
