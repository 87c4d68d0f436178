import type { TeachingClass } from '@skillroom/contract';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ForbiddenContent, LoadError, NotFoundContent } from '../../../components/error-content';
import { Loading } from '../../../components/ui/spinner';
import { canManageStudents, routeId, useTeachingClass } from '../../../lib/teaching-classes';

/**
 * Loads the class of the route for a screen that changes its students: not found, forbidden for evaluators
 * (DESIGN §2), a retry on failure, and otherwise the screen with its class.
 */
export function ManagedClassGate({ children }: { children: (cls: TeachingClass) => ReactNode }) {
  const id = routeId(useParams().teachingClassId);
  const { data, error, mutate } = useTeachingClass(id);
  if (!id) return <NotFoundContent />;
  if (error && !data) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (!data) return <Loading />;
  if (!canManageStudents(data)) return <ForbiddenContent />;
  return children(data);
}
