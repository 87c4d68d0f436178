import type { Rating } from '@skillroom/contract/types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { LoadError } from '../../../components/error-content';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loading } from '../../../components/ui/spinner';
import { useClassSkills } from '../../../entities/learning-skills/learning-skills-api';
import { deleteObservation, loadObservation } from '../../../entities/ratings/observations';
import { RatingPanel } from './rating-panel';
import { classFeeds, revalidateRatings } from '../../../entities/ratings/ratings-api';
import { ApiError } from '../../../lib/api-client';
import { ratingPlaceIds } from './rating-places';
import type { RatingView } from './rating-gate';

/**
 * The one editor of a feed card (DESIGN §7): the whole observation at once. Date, points, note, students and
 * attachments apply to each of its ratings; an added action is a new rating of it, a removed one is deleted.
 */
export function RatingEditForm({ rating, cls, backPath }: RatingView) {
  const navigate = useNavigate();
  const skills = useClassSkills(cls.id);
  const group = useSWR(['observation', rating.id, rating.updated], () => loadObservation(rating, cls.id), { revalidateOnFocus: false });

  if (cls.isFinished)
    return (
      <Alert tone="info">
        <FormattedMessage id="web_capture_finished_read_only" />
      </Alert>
    );
  if (group.error || skills.error)
    return <LoadError error={group.error ?? skills.error} onRetry={() => void Promise.all([group.mutate(), skills.mutate()])} />;
  if (!group.data || !skills.data) return <Loading />;
  const ratings = group.data;
  return (
    <RatingPanel
      cls={cls}
      skills={skills.data['hydra:member']}
      group={ratings}
      start={{
        studentIds: ratingPlaceIds(rating),
        skillId: rating.learningSkill.id,
        // A rating of the skill as a whole has none: saved with none chosen, it stays so (observations.ts).
        actionIds: ratings.flatMap((r) => (r.learningAction ? [r.learningAction.id] : [])),
      }}
      onSaved={(observation) => navigate(backPath, { state: { savedObservation: observation } })}
      onCancel={() => navigate(backPath)}
      extra={<DeleteObservation group={ratings} onDeleted={() => navigate(backPath, { replace: true })} cls={cls} />}
    />
  );
}

/** Delete, after asking: every rating of the observation and its files go for good. */
function DeleteObservation({ group, cls, onDeleted }: { group: Rating[]; cls: RatingView['cls']; onDeleted: () => void }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteObservation(group);
      toast.success(intl.formatMessage({ id: 'web_rating_deleted' }));
      onDeleted();
      for (const r of group) await revalidateRatings(classFeeds(cls), r.id);
    } catch (e) {
      toast.error(e instanceof ApiError && e.status !== 0 ? e.message : intl.formatMessage({ id: 'web_rating_delete_failed' }));
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button variant="danger-ghost" onClick={() => setOpen(true)}>
        <FormattedMessage id="web_rating_delete" />
      </Button>
      <ConfirmDialog
        open={open}
        title={<FormattedMessage id="web_rating_delete_title" />}
        confirmLabel={<FormattedMessage id="web_rating_delete" />}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        <FormattedMessage id="web_capture_delete_body" values={{ count: group.length }} />
      </ConfirmDialog>
    </>
  );
}
