import { refToId } from '@skillroom/contract/rules';
import type { Rating, TeachingClass } from '@skillroom/contract/types';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ForbiddenContent, LoadError, NotFoundContent } from '../../../components/error-content';
import { Loading } from '../../../components/ui/spinner';
import { usePlace } from '../../../entities/teaching-class-students/place-api';
import { useRating } from '../../../entities/ratings/ratings-api';
import { routeId, useTeachingClass } from '../../../lib/teaching-classes';

export interface RatingView {
  rating: Rating;
  cls: TeachingClass;
  /** The student the screen was opened from (the student paths), or null (the class path). */
  placeId: number | null;
  /** Where the screen goes back to: the class or the student. */
  backPath: string;
}

/**
 * Loads the rating of an edit route and its class, under the class path or either student path (spec §2). A rating of
 * another class, or a student who is not in its class, is not found there; a viewer who may not change it (DESIGN §2:
 * only its author and the class's creator) gets the 403 screen.
 */
export function RatingGate({ children }: { children: (view: RatingView) => ReactNode }) {
  const params = useParams();
  const ratingId = routeId(params.ratingId);
  const pathClassId = params.teachingClassId === undefined ? undefined : routeId(params.teachingClassId);
  const placeId = params.teachingClassStudentId === undefined ? undefined : routeId(params.teachingClassStudentId);
  const rating = useRating(ratingId);
  const classId = rating.data ? refToId(rating.data.teachingClass) : null;
  const cls = useTeachingClass(classId);
  const place = usePlace(placeId ?? null);

  if (!ratingId || pathClassId === null || placeId === null) return <NotFoundContent />;
  const failed = rating.error ?? cls.error ?? place.error;
  if (failed && !(rating.data && cls.data && (placeId === undefined || place.data)))
    return <LoadError error={failed} onRetry={() => void Promise.all([rating.mutate(), cls.mutate(), place.mutate()])} />;
  if (!rating.data || !cls.data || (placeId !== undefined && !place.data)) return <Loading />;
  if (pathClassId !== undefined && pathClassId !== classId) return <NotFoundContent />;
  if (place.data && refToId(place.data.teachingClass) !== classId) return <NotFoundContent />;
  if (!rating.data.canEdit) return <ForbiddenContent />;
  const studentBase = placeId === undefined ? null : pathClassId === undefined ? `/student/${placeId}` : `/teaching-class/${pathClassId}/student/${placeId}`;
  return children({ rating: rating.data, cls: cls.data, placeId: placeId ?? null, backPath: studentBase ?? `/teaching-class/${cls.data.id}` });
}
