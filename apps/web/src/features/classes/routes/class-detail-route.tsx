import type { TeachingClass } from '@skillroom/contract/types';
import type { RatingCapture } from '../../../entities/ratings/rating-capture';
import { useParams } from 'react-router';
import { LoadError, NotFoundContent } from '../../../components/error-content';
import { Loading } from '../../../components/ui/spinner';
import { useScreenView } from '../../../lib/analytics';
import { routeId, useTeachingClass } from '../../../lib/teaching-classes';
import { ClassHeader } from '../components/class-header';
import { ClassRatings } from '../components/class-ratings';

/** The class page; the rating capture comes from the app's route (app/with-rating-capture.tsx), features import no other. */
export function ClassDetailRoute({ capture }: { capture: RatingCapture }) {
  const id = routeId(useParams().teachingClassId);
  const { data, error, mutate } = useTeachingClass(id);
  if (!id) return <NotFoundContent />;
  // A refresh that fails keeps the class on screen; only a first load that fails replaces it.
  if (error && !data) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (!data) return <Loading />;
  return <ClassDetail cls={data} capture={capture} />;
}

function ClassDetail({ cls, capture }: { cls: TeachingClass; capture: RatingCapture }) {
  useScreenView('Class Detail');
  return (
    // Tight enough that a phone's first screen holds six students or more (issue 36).
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-4 sm:px-6">
      <ClassHeader cls={cls} />
      <ClassRatings cls={cls} capture={capture} />
    </div>
  );
}
