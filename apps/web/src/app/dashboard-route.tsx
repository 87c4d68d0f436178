import { lazy, Suspense } from 'react';
import { Loading } from '../components/ui/spinner';
import { useCurrentUser } from '../lib/current-user';

// Each account loads only its own dashboard's code.
const ClassListRoute = lazy(() => import('../features/classes/routes/class-list-route').then((m) => ({ default: m.ClassListRoute })));
const LinkedDashboardRoute = lazy(() => import('../features/linked-students/routes/linked-dashboard-route').then((m) => ({ default: m.LinkedDashboardRoute })));

/** The dashboard (DESIGN §1): a teacher's classes and "Join a class"; anyone else's linked students and "Link a student". */
export function DashboardRoute() {
  const { user } = useCurrentUser();
  return <Suspense fallback={<Loading />}>{user?.accountType === 'teacher' ? <ClassListRoute /> : <LinkedDashboardRoute />}</Suspense>;
}
