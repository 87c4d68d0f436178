import type { User } from '@skillroom/contract/types';
import { Loading } from '../components/ui/spinner';
import { useCurrentUser } from '../lib/current-user';
import { lazyScreen, useScreensLoaded } from './lazy-screen';

// Each account loads only its own dashboard's code.
const classList = [
  lazyScreen(
    () => import('../features/classes/routes/class-list-route').then((m) => m.ClassListRoute),
    import.meta.env.SSR ? ['src/features/classes/routes/class-list-route.tsx'] : [],
  ),
];
const linked = [
  lazyScreen(
    () => import('../features/linked-students/routes/linked-dashboard-route').then((m) => m.LinkedDashboardRoute),
    import.meta.env.SSR ? ['src/features/linked-students/routes/linked-dashboard-route.tsx'] : [],
  ),
];

const screensOf = (user: User | null) => (user?.accountType === 'teacher' ? classList : linked);

/** The dashboard (DESIGN §1): a teacher's classes and "Join a class"; anyone else's linked students and "Link a student". */
export function DashboardRoute() {
  const { user } = useCurrentUser();
  const screens = screensOf(user);
  // Waited for without suspending: a Suspense fallback would hold the list back 300 ms more (app/lazy-screen.ts).
  const loaded = useScreensLoaded(screens);
  if (!loaded) return <Loading />;
  const Screen = screens[0]!.Component;
  return <Screen />;
}

// The server renders, and the browser hydrates, the dashboard once its account's screen is here (app/router.tsx loadScreens).
DashboardRoute.loadParts = (user: User | null) => screensOf(user)[0]!.preload();
// Only the server's build names the modules (for its preload links, app/screen-modules.ts).
if (import.meta.env.SSR) DashboardRoute.partModules = (user: User | null) => screensOf(user)[0]!.modules;
