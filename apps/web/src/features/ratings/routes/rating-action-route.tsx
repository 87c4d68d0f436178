import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClass, FormActions } from '../../../components/ui/button';
import { Card, Page } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { useClassSkills } from '../../../entities/learning-skills/learning-skills-api';
import { SkillActionChooser } from '../../../entities/learning-skills/skill-action-chooser';
import { classFeeds, patchRating, revalidateRatings } from '../../../entities/ratings/ratings-api';
import { ApiError } from '../../../lib/api-client';
import { useScreenView } from '../../../lib/analytics';
import { RatingGate, type RatingView } from '../components/rating-gate';

/** `/teaching-class/{id}/rating/{ratingId}/edit/action`: another action for the rating, exactly one (spec §4 edit mode). */
export function RatingActionRoute() {
  return <RatingGate>{(view) => <RatingAction {...view} key={view.rating.id} />}</RatingGate>;
}

function RatingAction({ rating, cls, backPath }: RatingView) {
  useScreenView('Edit rating action');
  const intl = useIntl();
  const navigate = useNavigate();
  const skills = useClassSkills(cls.id);
  const [skillId, setSkillId] = useState<number | null>(rating.learningSkill.id);
  const [actionId, setActionId] = useState<number | null>(rating.learningAction.id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = skills.data?.['hydra:member'] ?? [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!skillId || !actionId) {
      setError(intl.formatMessage({ id: 'web_rating_action_required' }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await patchRating(rating.id, { learningSkill: skillId, learningAction: actionId });
      toast.success(intl.formatMessage({ id: 'web_rating_updated' }));
      await revalidateRatings(classFeeds(cls));
      navigate(backPath);
    } catch (err) {
      setError(
        err instanceof ApiError ? [err.message, ...err.violations.map((v) => v.message)].join(' ') : intl.formatMessage({ id: 'web_common_fetch_failed' }),
      );
      setBusy(false);
    }
  };

  return (
    <Page narrow title={<FormattedMessage id="web_rating_action_title" />}>
      {!skills.data ? (
        <Loading />
      ) : (
        <form onSubmit={(e) => void submit(e)} className="space-y-6">
          <Card>
            <SkillActionChooser
              skills={list}
              skillId={skillId}
              actionIds={actionId ? [actionId] : []}
              single
              onSkill={(id) => {
                // A different skill clears the chosen action (spec §4).
                if (id !== skillId) setActionId(null);
                setSkillId(id);
              }}
              onAction={setActionId}
            />
          </Card>
          {error && <Alert>{error}</Alert>}
          <FormActions busy={busy} submitLabel={<FormattedMessage id="web_common_save" />}>
            <Link to={backPath} className={buttonClass('secondary')}>
              <FormattedMessage id="web_confirm_cancel" />
            </Link>
          </FormActions>
        </form>
      )}
    </Page>
  );
}
