import { RATING_POINTS, refToId, type ClassLearningSkill, type Rating, type TeachingClass } from '@skillroom/contract';
import { useEffect, useRef, useState, type Dispatch } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { TextAreaField } from '../../../components/ui/field';
import { SkillActionChooser } from '../../../entities/learning-skills/skill-action-chooser';
import { AttachmentsField } from '../../../entities/ratings/attachments-field';
import { PointsField } from '../../../entities/ratings/points-field';
import { classFeeds, patchRating, revalidateRatings } from '../../../entities/ratings/ratings-api';
import { createRatings, placeIri } from '../../../entities/ratings/save-ratings';
import { useAttachments } from '../../../entities/ratings/use-attachments';
import { ApiError } from '../../../lib/api-client';
import { dayDate, isoDay } from '../../../lib/dates';
import { canSave, type Selection, type SelectionEvent } from './rating-selection';

interface Props {
  cls: TeachingClass;
  skills: ClassLearningSkill[];
  selection: Selection;
  dispatch: Dispatch<SelectionEvent>;
  /** In edit mode: the rating being updated. */
  rating: Rating | null;
}

/** The rating form of the class screen (spec §4): who, which skill and actions, points, note, evidence, save. */
export function RatingPanel({ cls, skills, selection, dispatch, rating }: Props) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  const [date, setDate] = useState(rating?.date ?? isoDay());
  const [points, setPoints] = useState(rating?.points ?? RATING_POINTS.default);
  const [description, setDescription] = useState(rating?.description ?? '');
  const attachments = useAttachments(rating?.medias.map((m) => m.media) ?? []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const students = cls.teachingClassStudents ?? [];
  const count = selection.studentIds.length;

  // Updating starts from a rating far down the feed: the form it opens is where the reader goes next. A new rating
  // starts with picking students, above the form, so focus stays.
  useEffect(() => {
    if (selection.editMode) heading.current?.focus();
  }, [selection.editMode, selection.ratingId]);

  const save = async () => {
    setTried(true);
    if (!canSave(selection) || attachments.uploading || !dayDate(date)) return;
    setBusy(true);
    setError(null);
    try {
      const common = { date, points, description, students: selection.studentIds.map(placeIri) };
      if (selection.editMode && selection.ratingId) {
        await patchRating(selection.ratingId, {
          ...common,
          learningSkill: selection.skillId!,
          learningAction: selection.actionIds[0]!,
          medias: attachments.medias.map((m) => m.id),
        });
        toast.success(intl.formatMessage({ id: 'web_rating_updated' }));
      } else {
        const made = await createRatings({
          ...common,
          classId: cls.id,
          className: cls.name,
          skillId: selection.skillId!,
          actionIds: selection.actionIds,
          studentIds: selection.studentIds,
          attachments: attachments.items,
        });
        toast.success(intl.formatMessage(made.queuedId ? { id: 'web_outbox_saved_here' } : { id: 'web_rating_created' }, { count: made.ratings.length }));
      }
      attachments.reset();
      dispatch({ type: 'cancel' });
      await revalidateRatings(classFeeds(cls));
    } catch (e) {
      setError(
        e instanceof ApiError
          ? [e.message, ...e.violations.map((v) => v.message)].filter((x, i, all) => all.indexOf(x) === i).join(' ')
          : intl.formatMessage({ id: 'web_common_fetch_failed' }),
      );
    } finally {
      setBusy(false);
    }
  };

  const missingAction = tried && (selection.skillId === null || selection.actionIds.length === 0);
  return (
    <section aria-labelledby="rating-panel-title" className="space-y-5 rounded-lg border-2 border-teal-700 bg-white p-4 shadow-md sm:p-6">
      <h2 id="rating-panel-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        <FormattedMessage id={selection.editMode ? 'web_rating_update_title' : 'web_rating_new_title'} />
      </h2>
      <div className="flex flex-wrap items-center gap-2" role="status">
        <p className="text-sm font-medium text-slate-800">
          {count === 0 ? <FormattedMessage id="web_rating_for_whole_class" /> : <FormattedMessage id="web_rating_for_students" values={{ count }} />}
        </p>
        {students.length > 0 && count < students.length && (
          <Button variant="ghost" onClick={() => dispatch({ type: 'setStudents', ids: students.map((s) => s.id) })}>
            <FormattedMessage id="web_rating_select_all" />
          </Button>
        )}
        {count > 0 && (
          <Button variant="ghost" onClick={() => dispatch({ type: 'setStudents', ids: [] })}>
            <FormattedMessage id="web_rating_whole_class_instead" />
          </Button>
        )}
      </div>
      {skills.length === 0 ? (
        <Alert tone="info">
          <FormattedMessage id="web_rating_no_skills" />
        </Alert>
      ) : (
        <SkillActionChooser
          skills={skills}
          skillId={selection.skillId}
          actionIds={selection.actionIds}
          single={selection.editMode}
          onSkill={(id) => dispatch({ type: 'chooseSkill', id })}
          onAction={(id) => dispatch({ type: 'toggleAction', id })}
          error={missingAction ? intl.formatMessage({ id: 'web_rating_action_required' }) : null}
        />
      )}
      {missingAction && selection.skillId === null && (
        <p className="text-sm font-medium text-red-700">
          <FormattedMessage id="web_rating_action_required" />
        </p>
      )}
      <PointsField value={points} onChange={setPoints} />
      <DateField
        label={<FormattedMessage id="web_rating_date" />}
        value={date}
        onChange={setDate}
        required
        error={tried && !dayDate(date) ? intl.formatMessage({ id: 'web_rating_date_required' }) : null}
      />
      <TextAreaField label={<FormattedMessage id="web_rating_note" />} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      <AttachmentsField state={attachments} />
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void save()} busy={busy} disabled={attachments.uploading}>
          {selection.editMode ? (
            <FormattedMessage id="web_rating_save_update" />
          ) : (
            <FormattedMessage id="web_rating_save" values={{ count: Math.max(1, selection.actionIds.length) }} />
          )}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            attachments.reset();
            dispatch({ type: 'cancel' });
          }}
        >
          <FormattedMessage id="web_confirm_cancel" />
        </Button>
        {attachments.uploading && (
          <p className="self-center text-sm text-slate-700">
            <FormattedMessage id="web_rating_wait_uploads" />
          </p>
        )}
      </div>
    </section>
  );
}

/** The places a rating names, as ids. */
export const ratingPlaceIds = (r: Rating) => r.students.map((s) => refToId(s)).filter((n): n is number => n !== null);
