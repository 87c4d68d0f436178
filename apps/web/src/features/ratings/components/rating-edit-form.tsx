import { refToId } from '@skillroom/contract';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClass, FormActions } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { TextAreaField } from '../../../components/ui/field';
import { Card } from '../../../components/ui/page';
import { SkillIcon } from '../../../entities/learning-skills/skill-icon';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { AttachmentsField } from '../../../entities/ratings/attachments-field';
import { PointsField } from '../../../entities/ratings/points-field';
import { classFeeds, patchRating, revalidateRatings } from '../../../entities/ratings/ratings-api';
import { placeIri } from '../../../entities/ratings/save-ratings';
import { useAttachments } from '../../../entities/ratings/use-attachments';
import { ApiError } from '../../../lib/api-client';
import { dayDate } from '../../../lib/dates';
import type { RatingView } from './rating-gate';
import { DeleteRating } from './delete-rating';
import { StudentsPicker } from './students-picker';

/** Changes a rating's date, points, note, students and attachments (DESIGN §3); its action has a screen of its own. */
export function RatingEditForm({ rating, cls, backPath }: RatingView) {
  const intl = useIntl();
  const navigate = useNavigate();
  const nameOf = useNameOf();
  const [date, setDate] = useState(rating.date);
  const [points, setPoints] = useState(rating.points);
  const [description, setDescription] = useState(rating.description ?? '');
  const [studentIds, setStudentIds] = useState(() => rating.students.map((s) => refToId(s)).filter((n): n is number => n !== null));
  const attachments = useAttachments(rating.medias.map((m) => m.media));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (attachments.uploading || !dayDate(date)) return;
    setBusy(true);
    setError(null);
    try {
      await patchRating(rating.id, { date, points, description, students: studentIds.map(placeIri), medias: attachments.medias.map((m) => m.id) });
      toast.success(intl.formatMessage({ id: 'web_rating_updated' }));
      await revalidateRatings(classFeeds(cls));
      navigate(backPath);
    } catch (err) {
      setError(
        err instanceof ApiError
          ? [err.message, ...err.violations.map((v) => `${v.propertyPath}: ${v.message}`)].join(' ')
          : intl.formatMessage({ id: 'web_common_fetch_failed' }),
      );
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-6" noValidate>
      <Card className="flex flex-wrap items-center gap-3">
        <SkillIcon icon={rating.learningSkill.avatar} colorCode={rating.learningSkill.colorCode} name={nameOf(rating.learningSkill)} size={40} />
        <div className="min-w-[10rem] flex-1">
          <p className="text-sm font-semibold break-words">{nameOf(rating.learningSkill)}</p>
          <p className="break-words">{nameOf(rating.learningAction)}</p>
        </div>
        <Link to={`/teaching-class/${cls.id}/rating/${rating.id}/edit/action`} className={buttonClass('secondary')}>
          <FormattedMessage id="web_rating_change_action" />
        </Link>
      </Card>
      <Card className="space-y-5">
        <DateField
          label={<FormattedMessage id="web_rating_date" />}
          value={date}
          onChange={setDate}
          required
          error={tried && !dayDate(date) ? intl.formatMessage({ id: 'web_rating_date_required' }) : null}
        />
        <PointsField value={points} onChange={setPoints} />
        <TextAreaField label={<FormattedMessage id="web_rating_note" />} rows={4} value={description} onChange={(e) => setDescription(e.target.value)} />
        <StudentsPicker students={cls.teachingClassStudents ?? []} ids={studentIds} onChange={setStudentIds} />
        <AttachmentsField state={attachments} />
      </Card>
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FormActions busy={busy} submitLabel={<FormattedMessage id="web_common_save" />}>
          <Link to={backPath} className={buttonClass('secondary')}>
            <FormattedMessage id="web_confirm_cancel" />
          </Link>
        </FormActions>
        <DeleteRating ratingId={rating.id} cls={cls} backPath={backPath} />
      </div>
    </form>
  );
}
