import type { TeachingClass } from '@skillroom/contract/types';
import { useParams } from 'react-router';
import { LoadError, NotFoundContent } from '../../../components/error-content';
import { Loading } from '../../../components/ui/spinner';
import { useScreenView } from '../../../lib/analytics';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { routeId, useTeachingClass } from '../../../lib/teaching-classes';
import { ClassHeader } from '../components/class-header';
import { ClassRatings } from '../components/class-ratings';

export function ClassDetailRoute() {
  const id = routeId(useParams().teachingClassId);
  const { data, error, mutate } = useTeachingClass(id);
  if (!id) return <NotFoundContent />;
  // A refresh that fails keeps the class on screen; only a first load that fails replaces it.
  if (error && !data) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (!data) return <Loading />;
  return <ClassDetail cls={data} />;
}

function ClassDetail({ cls }: { cls: TeachingClass }) {
  useScreenView('Class Detail');
  // The students, skills and feed render once the header is painted (lib/use-after-paint.ts).
  const rest = useAfterPaint();
  return (
    // Tight enough that a phone's first screen holds six students or more (issue 36).
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-4 sm:px-6">
      <ClassHeader cls={cls} />
      {rest && <ClassRatings cls={cls} />}
    </div>
  );
}
