import { matchRoutes, renderMatches, useLocation, type RouteMatch, type RouteObject } from 'react-router';
import type { User } from '@skillroom/contract/types';
import { Suspense, useState, type ComponentType } from 'react';
import { Loading } from '../components/ui/spinner';
import { HydrationMark } from './hydration-mark';
import { lazyScreen, useScreensLoaded, type LazyScreen, type ScreenParts } from './lazy-screen';
import { RouteErrorBoundary } from './route-error';
import { useScrollReset } from './use-scroll-reset';
import { RATING_CAPTURE_MODULE, withRatingCapture } from './with-rating-capture';

// Each screen's code loads on its first visit (DESIGN §5). The declarative router (BrowserRouter, useRoutes) with React.lazy
// screens: the data router's loaders, actions and fetchers went unused, and it weighed 17 KB gzip more in every first load.
interface ScreenRoute {
  path?: string;
  index?: true;
  screen: LazyScreen;
  children?: ScreenRoute[];
}

const at = (path: string, screen: LazyScreen): ScreenRoute => ({ path, screen });

// The layouts load with their first screen (both at once, see preload below), so the entry holds only what every screen needs.
const publicLayout = lazyScreen(
  () => import('./shell/public-layout').then((m) => m.PublicLayout),
  import.meta.env.SSR ? ['src/app/shell/public-layout.tsx'] : [],
);
const appShell = lazyScreen(
  () => import('./shell/app-shell').then((m) => m.AppShell),
  import.meta.env.SSR ? ['src/app/shell/app-shell.tsx'] : [],
);
const ratingEdit = lazyScreen(
  () => import('../features/ratings/routes/rating-edit-route').then((m) => m.RatingEditRoute),
  import.meta.env.SSR ? ['src/features/ratings/routes/rating-edit-route.tsx'] : [],
);
const studentDetail = lazyScreen(
  () => withRatingCapture(import('../features/students/routes/student-detail-route').then((m) => m.StudentDetailRoute)),
  import.meta.env.SSR ? ['src/features/students/routes/student-detail-route.tsx', RATING_CAPTURE_MODULE] : [],
);
const studentEdit = lazyScreen(
  () => import('../features/students/routes/student-edit-route').then((m) => m.StudentEditRoute),
  import.meta.env.SSR ? ['src/features/students/routes/student-edit-route.tsx'] : [],
);
const studentReport = lazyScreen(
  () => import('../features/reports/routes/student-report-route').then((m) => m.StudentReportRoute),
  import.meta.env.SSR ? ['src/features/reports/routes/student-report-route.tsx'] : [],
);
const studentLinks = lazyScreen(
  () => import('../features/student-links/routes/student-links-route').then((m) => m.StudentLinksRoute),
  import.meta.env.SSR ? ['src/features/student-links/routes/student-links-route.tsx'] : [],
);

const screens: ScreenRoute[] = [
  {
    screen: publicLayout,
    children: [
      at(
        'sign-in',
        lazyScreen(
          () => import('../features/auth/routes/sign-in-route').then((m) => m.SignInRoute),
          import.meta.env.SSR ? ['src/features/auth/routes/sign-in-route.tsx'] : [],
        ),
      ),
      at(
        'sign-up',
        lazyScreen(
          () => import('../features/auth/routes/sign-up-route').then((m) => m.SignUpRoute),
          import.meta.env.SSR ? ['src/features/auth/routes/sign-up-route.tsx'] : [],
        ),
      ),
      at(
        'forgot-password',
        lazyScreen(
          () => import('../features/auth/routes/forgot-password-route').then((m) => m.ForgotPasswordRoute),
          import.meta.env.SSR ? ['src/features/auth/routes/forgot-password-route.tsx'] : [],
        ),
      ),
      at(
        'reset-password',
        lazyScreen(
          () => import('../features/auth/routes/reset-password-route').then((m) => m.ResetPasswordRoute),
          import.meta.env.SSR ? ['src/features/auth/routes/reset-password-route.tsx'] : [],
        ),
      ),
      // A family letter's QR code (DESIGN §8): for the signed-out and the signed-in alike.
      at(
        'link',
        lazyScreen(
          () => import('../features/family-link/routes/link-route').then((m) => m.LinkRoute),
          import.meta.env.SSR ? ['src/features/family-link/routes/link-route.tsx'] : [],
        ),
      ),
    ],
  },
  {
    screen: appShell,
    children: [
      {
        index: true,
        screen: lazyScreen(
          () => import('./dashboard-route').then((m) => m.DashboardRoute),
          import.meta.env.SSR ? ['src/app/dashboard-route.tsx'] : [],
        ),
      },
      at(
        'teaching-class/new',
        lazyScreen(
          () => import('../features/classes/routes/class-new-route').then((m) => m.ClassNewRoute),
          import.meta.env.SSR ? ['src/features/classes/routes/class-new-route.tsx'] : [],
        ),
      ),
      at(
        'teaching-class/:teachingClassId',
        lazyScreen(
          () => withRatingCapture(import('../features/classes/routes/class-detail-route').then((m) => m.ClassDetailRoute)),
          import.meta.env.SSR ? ['src/features/classes/routes/class-detail-route.tsx', RATING_CAPTURE_MODULE] : [],
        ),
      ),
      at(
        'teaching-class/:teachingClassId/edit',
        lazyScreen(
          () => import('../features/classes/routes/class-edit-route').then((m) => m.ClassEditRoute),
          import.meta.env.SSR ? ['src/features/classes/routes/class-edit-route.tsx'] : [],
        ),
      ),
      at(
        'teaching-class/:teachingClassId/student/add',
        lazyScreen(
          () => import('../features/students/routes/student-add-route').then((m) => m.StudentAddRoute),
          import.meta.env.SSR ? ['src/features/students/routes/student-add-route.tsx'] : [],
        ),
      ),
      at(
        'teaching-class/:teachingClassId/students',
        lazyScreen(
          () => import('../features/students/routes/student-manage-route').then((m) => m.StudentManageRoute),
          import.meta.env.SSR ? ['src/features/students/routes/student-manage-route.tsx'] : [],
        ),
      ),
      at(
        'teaching-class/:teachingClassId/report',
        lazyScreen(
          () => import('../features/reports/routes/class-report-route').then((m) => m.ClassReportRoute),
          import.meta.env.SSR ? ['src/features/reports/routes/class-report-route.tsx'] : [],
        ),
      ),
      at('teaching-class/:teachingClassId/rating/:ratingId/edit', ratingEdit),
      at(
        'teaching-class/:teachingClassId/rating/:ratingId/edit/action',
        lazyScreen(
          () => import('../features/ratings/routes/rating-action-route').then((m) => m.RatingActionRoute),
          import.meta.env.SSR ? ['src/features/ratings/routes/rating-action-route.tsx'] : [],
        ),
      ),
      at(
        'teaching-class/:teachingClassId/teachers',
        lazyScreen(
          () => import('../features/coteachers/routes/teachers-route').then((m) => m.TeachersRoute),
          import.meta.env.SSR ? ['src/features/coteachers/routes/teachers-route.tsx'] : [],
        ),
      ),
      // A student's screens live under both of their paths (spec §2).
      ...['teaching-class/:teachingClassId/student/:teachingClassStudentId', 'student/:teachingClassStudentId'].flatMap((base) => [
        at(base, studentDetail),
        at(`${base}/edit`, studentEdit),
        at(`${base}/report`, studentReport),
        at(`${base}/rating/:ratingId/edit`, ratingEdit),
        at(`${base}/manage`, studentLinks),
      ]),
      // DESIGN §11 messages: the list, a conversation, a child's (made with its first message), a class announcement.
      at(
        'messages/*',
        lazyScreen(
          () => import('../features/messages/routes/messages-screens').then((m) => m.MessagesScreens),
          import.meta.env.SSR ? ['src/features/messages/routes/messages-screens.tsx'] : [],
        ),
      ),
      at(
        'notifications',
        lazyScreen(
          () => import('../features/notifications/routes/notification-list-route').then((m) => m.NotificationListRoute),
          import.meta.env.SSR ? ['src/features/notifications/routes/notification-list-route.tsx'] : [],
        ),
      ),
      at(
        'profile/edit',
        lazyScreen(
          () => import('../features/profile/routes/profile-edit-route').then((m) => m.ProfileEditRoute),
          import.meta.env.SSR ? ['src/features/profile/routes/profile-edit-route.tsx'] : [],
        ),
      ),
      at(
        'forbidden',
        lazyScreen(
          () => import('../features/errors/routes/forbidden-route').then((m) => m.ForbiddenRoute),
          import.meta.env.SSR ? ['src/features/errors/routes/forbidden-route.tsx'] : [],
        ),
      ),
      at(
        '*',
        lazyScreen(
          () => import('../features/errors/routes/not-found-route').then((m) => m.NotFoundRoute),
          import.meta.env.SSR ? ['src/features/errors/routes/not-found-route.tsx'] : [],
        ),
      ),
    ],
  },
];

/** Every screen of the routes, layouts included (for the unit test of their modules). */
const all = (r: ScreenRoute): LazyScreen[] => [r.screen, ...(r.children ?? []).flatMap(all)];
export const everyScreen = () => screens.flatMap(all);

type ScreenObject = RouteObject & { screen: LazyScreen };

const toRoute = ({ screen, children, ...r }: ScreenRoute): ScreenObject => {
  const Screen = screen.Component;
  const element = <Screen />;
  return r.index ? { index: true, element, screen } : { path: r.path, element, screen, children: children?.map(toRoute) };
};

const routes = screens.map(toRoute);

type ScreenMatch = RouteMatch<string, ScreenObject>;

// The pathname as useRoutes gives it to a match: matchRoutes decodes it, the router's links expect it encoded again.
const encoded = (p: string) => new URL(p.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23'), 'http://x').pathname;

let last: { path: string; matches: ScreenMatch[] | null } | null = null;

/**
 * The routes `path` (under the router's basename) matches, worked out once per address: matchRoutes flattens and ranks
 * every route on each call (15 ms of the class page's first load here, 60 ms at a phone's pace), and AppRoutes renders
 * several times as the texts, the user and the configuration arrive. useRoutes would match again on every render.
 */
function matchesFor(path: string): ScreenMatch[] | null {
  if (last?.path !== path) {
    const matches = matchRoutes(routes, path) as ScreenMatch[] | null;
    last = { path, matches: matches?.map((m) => ({ ...m, pathname: encoded(m.pathname), pathnameBase: encoded(m.pathnameBase) })) ?? null };
  }
  return last.matches;
}

let preloadedFor: string | null = null;

/** Asks for the code of every level `path` matches; each module is asked for once. */
export function preloadScreens(path: string) {
  if (path === preloadedFor) return;
  preloadedFor = path;
  for (const m of matchesFor(path) ?? []) m.route.screen.preload();
}

/** Whether `path` is a signed-in screen (in the app's shell): the server sends the signed-out to sign in instead. */
export const needsSignIn = (path: string) => matchesFor(path)?.[0]?.route.screen === appShell;

/** The screen of every level `path` matches, outermost first. */
export const matchedScreens = (path: string) => (matchesFor(path) ?? []).map((m) => m.route.screen);

/**
 * The code of every level `path` matches, and of the parts those screens pick for `user`, loaded: both the server's render
 * and the browser's hydration start after it, so no level suspends and both draw the same screen.
 */
export async function loadScreens(path: string, user: User | null) {
  const screens = await Promise.all(matchedScreens(path).map((s) => s.preload()));
  await Promise.all(screens.map((s) => (s as ComponentType & ScreenParts).loadParts?.(user)));
}

/**
 * The screens of the app under BrowserRouter (StaticRouter on the server). A nested lazy layout would ask for its screen
 * only once it rendered; so the code of every level the address matches is asked for at once, on the first load and on
 * every navigation.
 */
export function AppRoutes() {
  const location = useLocation();
  useScrollReset(location.pathname);
  preloadScreens(location.pathname);
  const matches = matchesFor(location.pathname);
  // The first address's screens (every level) are waited for without suspending (see useScreensLoaded); later navigations
  // suspend in a transition, which keeps the old screen meanwhile.
  const [first] = useState(() => (matches ?? []).map((m) => m.route.screen));
  const firstLoaded = useScreensLoaded(first);
  // What useRoutes renders, from the matches already worked out.
  const element = renderMatches(matches);
  if (!firstLoaded) return <Loading />;
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      {/* Shown while the first screen's code arrives; later navigations keep the old screen meanwhile (a transition). */}
      <Suspense fallback={<Loading />}>
        {element}
        <HydrationMark />
      </Suspense>
    </RouteErrorBoundary>
  );
}
