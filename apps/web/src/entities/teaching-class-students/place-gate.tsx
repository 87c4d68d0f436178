import { refToId } from '@skillroom/contract/rules';
import type { ClassLabel, TeachingClass, TeachingClassStudent } from '@skillroom/contract/types';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadError, NotFoundContent } from '../../components/error-content';
import { Loading } from '../../components/ui/spinner';
import { useCurrentUser } from '../../lib/current-user';
import { errorStatus, routeId, useTeachingClass } from '../../lib/teaching-classes';
import { useStudentLinks } from '../invitations/student-links-api';
import { usePlace } from './place-api';

export interface PlaceView {
  place: TeachingClassStudent;
  /** The class, when the user may see it (a linked parent sees the student, not the class). */
  cls: TeachingClass | null;
  /** For a user linked to the student: the class as their link names it (name, school), and nothing more. */
  linkedClass: ClassLabel | null;
  /** Where this student's screens live: under the class when the user came that way, else /student/{id}. */
  basePath: string;
}

/**
 * Loads the student of a route under either of its paths (spec §2) and, where visible, their class. A place that does
 * not belong to the class named in the path is not found there. A user linked to the student (DESIGN §2) is never
 * sent to the class: their own link says so first, and the class is not asked for.
 */
export function PlaceGate({ children }: { children: (view: PlaceView) => ReactNode }) {
  const params = useParams();
  const { user } = useCurrentUser();
  const placeId = routeId(params.teachingClassStudentId);
  const pathClassId = params.teachingClassId === undefined ? undefined : routeId(params.teachingClassId);
  const place = usePlace(placeId);
  const classId = place.data ? refToId(place.data.teachingClass) : null;
  // Teacher accounts are never linked to a student (they join classes); anyone else may be, or may evaluate the class.
  const mayBeLinked = Boolean(user && user.accountType !== 'teacher');
  const links = useStudentLinks({ 'student.id': place.data ? refToId(place.data.student) : null, 'user.id': user?.id ?? null }, mayBeLinked);
  const link = links.data?.['hydra:member'].find((l) => refToId(l.teachingClass) === classId) ?? links.data?.['hydra:member'][0] ?? null;
  const asksClass = Boolean(place.data) && (!mayBeLinked || (links.data !== undefined && !link));
  const cls = useTeachingClass(asksClass ? classId : null);

  if (!placeId || pathClassId === null) return <NotFoundContent />;
  if (place.error && !place.data) return <LoadError error={place.error} onRetry={() => void place.mutate()} />;
  if (!place.data) return <Loading />;
  if (pathClassId !== undefined && pathClassId !== classId) return <NotFoundContent />;
  if (mayBeLinked && links.error && !links.data) return <LoadError error={links.error} onRetry={() => void links.mutate()} />;
  if (mayBeLinked && !links.data) return <Loading />;
  const basePath = pathClassId !== undefined ? `/teaching-class/${pathClassId}/student/${placeId}` : `/student/${placeId}`;
  if (link) return children({ place: place.data, cls: null, linkedClass: link.teachingClass, basePath });
  // Not seeing the class is possible (a place seen through another class); any other failure of it is worth a retry.
  const hidden = cls.error && [403, 404].includes(errorStatus(cls.error) ?? 0);
  if (cls.error && !hidden && !cls.data) return <LoadError error={cls.error} onRetry={() => void cls.mutate()} />;
  if (!cls.data && !hidden) return <Loading />;
  return children({ place: place.data, cls: cls.data ?? null, linkedClass: null, basePath });
}
