import { ClassListRoute } from '../features/classes/routes/class-list-route';
import { LinkedDashboardRoute } from '../features/linked-students/routes/linked-dashboard-route';
import { useCurrentUser } from '../lib/current-user';

/** The dashboard (DESIGN §1): a teacher's classes and "Join a class"; anyone else's linked students and "Link a student". */
export function DashboardRoute() {
  const { user } = useCurrentUser();
  return user?.accountType === 'teacher' ? <ClassListRoute /> : <LinkedDashboardRoute />;
}
