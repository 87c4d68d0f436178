import type { Report } from '@skillroom/contract/types';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import useSWR from 'swr';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { TextAreaField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/spinner';
import { createHomeObservation, revalidateHomeObservations } from '../../../entities/home-observations/home-observations-api';
import { SkillActionChooser } from '../../../entities/learning-skills/skill-action-chooser';
import { AttachmentsField } from '../../../entities/media/attachments-field';
import { dateRefusal } from '../../../entities/ratings/date-messages';
import { useAttachments } from '../../../entities/media/use-attachments';
import { ApiError, withQuery } from '../../../lib/api-client';
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

/**
 * DESIGN §11: a family shares what their child did at home, on an action of the class's skills, with a date (today by
 * default, never in the future), a note and the same files as a rating (camera, microphone, the device's files; large
 * ones resumable). It waits for a teacher.
 */
export function HomeObservationForm({ placeId, studentId, classId, onSent, onCancel }: Props) {
  const intl = useIntl();
  const { skills, days, error: loadError } = useChildClassSkills(studentId, classId);
  const [skillId, setSkillId] = useState<number | null>(null);
  const [actionId, setActionId] = useState<number | null>(null);
  const [date, setDate] = useState(isoDay());
  const [description, setDescription] = useState('');
  const attachments = useAttachments();
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);

  if (loadError) return <Alert>{intl.formatMessage({ id: 'web_common_fetch_failed' })}</Alert>;
  if (!skills) return <Loading />;

  const send = async () => {
    setTried(true);
    if (actionId === null || attachments.uploading || !dayDate(date)) return;
    setBusy(true);
    setError(null);
    setDateError(null);
    try {
      await createHomeObservation({
        teachingClassStudent: placeId,
        learningAction: actionId,
        date,
        description: description.trim() || undefined,
        medias: attachments.medias.map((m) => m.id),
      });
      toast.success(intl.formatMessage({ id: 'web_home_observations_sent' }));
      attachments.reset();
      await revalidateHomeObservations();
      onSent();
    } catch (e) {
      setBusy(false);
      if (!(e instanceof ApiError)) return setError(intl.formatMessage({ id: 'web_common_fetch_failed' }));
      const refusal = dateRefusal(intl, e);
      setDateError(refusal.date);
      setError(refusal.other);
    }
  };

  const missingAction = tried && actionId === null ? intl.formatMessage({ id: 'web_rating_action_required' }) : null;
  const badDate = tried && !dayDate(date) ? intl.formatMessage({ id: 'web_rating_date_required' }) : null;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        <FormattedMessage id="web_home_observations_add_hint" />
      </p>
      {skills.length === 0 ? (
        <Alert tone="info">
          <FormattedMessage id="web_rating_no_skills" />
        </Alert>
      ) : (
        <SkillActionChooser
          skills={skills}
          skillId={skillId}
          actionIds={actionId === null ? [] : [actionId]}
          single
          onSkill={(id) => {
            if (id !== skillId) setActionId(null);
            setSkillId(id);
          }}
          onAction={setActionId}
          error={missingAction}
        />
      )}
      {missingAction && skillId === null && <p className="text-sm font-medium text-red-700">{missingAction}</p>}
      <DateField
        label={intl.formatMessage({ id: 'web_home_observations_date' })}
        value={date}
        onChange={(d) => {
          setDate(d);
          setDateError(null);
        }}
        required
        min={days?.min}
        max={days?.max ?? isoDay()}
        error={badDate ?? dateError}
      />
      <TextAreaField
        label={<FormattedMessage id="web_home_observations_note" />}
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <AttachmentsField state={attachments} />
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void send()} busy={busy} disabled={attachments.uploading || skills.length === 0}>
          <FormattedMessage id="web_home_observations_send" />
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          <FormattedMessage id="web_confirm_cancel" />
        </Button>
        {attachments.uploading && (
          <p className="text-sm text-slate-700">
            <FormattedMessage id="web_rating_wait_uploads" />
          </p>
        )}
      </div>
    </div>
  );
}
