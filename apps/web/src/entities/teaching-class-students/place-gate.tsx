import { refToId, type TeachingClass, type TeachingClassStudent } from '@skillroom/contract';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadError, NotFoundContent } from '../../../components/error-content';
import { Loading } from '../../../components/ui/spinner';
import { errorStatus, routeId, useTeachingClass } from '../../../lib/teaching-classes';
import { usePlace } from '../api/students-api';

export interface PlaceView {
  place: TeachingClassStudent;
  /** The class, when the user may see it (a linked parent sees the student, not the class). */
  cls: TeachingClass | null;
  /** Where this student's screens live: under the class when the user came that way, else /student/{id}. */
  basePath: string;
}

/**
 * Loads the student of a route under either of its paths (spec §2) and, where visible, their class. A place
 * that does not belong to the class named in the path is not found there.
 */
export function PlaceGate({ children }: { children: (view: PlaceView) => ReactNode }) {
  const params = useParams();
  const placeId = routeId(params.teachingClassStudentId);
  const pathClassId = params.teachingClassId === undefined ? undefined : routeId(params.teachingClassId);
  const place = usePlace(placeId);
  const classId = place.data ? refToId(place.data.teachingClass) : null;
  const cls = useTeachingClass(classId);

  if (!placeId || pathClassId === null) return <NotFoundContent />;
  if (place.error && !place.data) return <LoadError error={place.error} onRetry={() => void place.mutate()} />;
  if (!place.data) return <Loading />;
  if (pathClassId !== undefined && pathClassId !== classId) return <NotFoundContent />;
  // Not seeing the class is normal for a linked user; any other failure of it is worth a retry.
  const hidden = cls.error && [403, 404].includes(errorStatus(cls.error) ?? 0);
  if (cls.error && !hidden && !cls.data) return <LoadError error={cls.error} onRetry={() => void cls.mutate()} />;
  if (!cls.data && !hidden) return <Loading />;
  const basePath = pathClassId !== undefined ? `/teaching-class/${pathClassId}/student/${placeId}` : `/student/${placeId}`;
  return children({ place: place.data, cls: cls.data ?? null, basePath });
}
