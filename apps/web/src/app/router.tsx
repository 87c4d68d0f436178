import { matchRoutes, renderMatches, useLocation, type RouteMatch, type RouteObject } from 'react-router';
import type { User } from '@skillroom/contract/types';
import { Suspense, useState, type ComponentType } from 'react';
import { Loading } from '../components/ui/spinner';
import { HydrationMark } from './hydration-mark';
import { lazyScreen, useScreensLoaded, type LazyScreen } from './lazy-screen';
import { RouteErrorBoundary } from './route-error';
import { useScrollReset } from './use-scroll-reset';
import { withRatingCapture } from './with-rating-capture';

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
const publicLayout = lazyScreen(() => import('./shell/public-layout').then((m) => m.PublicLayout));
const appShell = lazyScreen(() => import('./shell/app-shell').then((m) => m.AppShell));
const ratingEdit = lazyScreen(() => import('../features/ratings/routes/rating-edit-route').then((m) => m.RatingEditRoute));
const studentDetail = lazyScreen(() =>
  withRatingCapture(import('../features/students/routes/student-detail-route').then((m) => m.StudentDetailRoute)),
);
const studentEdit = lazyScreen(() => import('../features/students/routes/student-edit-route').then((m) => m.StudentEditRoute));
const studentReport = lazyScreen(() => import('../features/reports/routes/student-report-route').then((m) => m.StudentReportRoute));
const studentLinks = lazyScreen(() => import('../features/student-links/routes/student-links-route').then((m) => m.StudentLinksRoute));

const screens: ScreenRoute[] = [
  {
    screen: publicLayout,
    children: [
      at(
        'sign-in',
        lazyScreen(() => import('../features/auth/routes/sign-in-route').then((m) => m.SignInRoute)),
      ),
      at(
        'sign-up',
        lazyScreen(() => import('../features/auth/routes/sign-up-route').then((m) => m.SignUpRoute)),
      ),
      at(
        'forgot-password',
        lazyScreen(() => import('../features/auth/routes/forgot-password-route').then((m) => m.ForgotPasswordRoute)),
      ),
      at(
        'reset-password',
        lazyScreen(() => import('../features/auth/routes/reset-password-route').then((m) => m.ResetPasswordRoute)),
      ),
      // A family letter's QR code (DESIGN §8): for the signed-out and the signed-in alike.
      at(
        'link',
        lazyScreen(() => import('../features/family-link/routes/link-route').then((m) => m.LinkRoute)),
      ),
    ],
  },
  {
    screen: appShell,
    children: [
      { index: true, screen: lazyScreen(() => import('./dashboard-route').then((m) => m.DashboardRoute)) },
      at(
        'teaching-class/new',
        lazyScreen(() => import('../features/classes/routes/class-new-route').then((m) => m.ClassNewRoute)),
      ),
      at(
        'teaching-class/:teachingClassId',
        lazyScreen(() => withRatingCapture(import('../features/classes/routes/class-detail-route').then((m) => m.ClassDetailRoute))),
      ),
      at(
        'teaching-class/:teachingClassId/edit',
        lazyScreen(() => import('../features/classes/routes/class-edit-route').then((m) => m.ClassEditRoute)),
      ),
      at(
        'teaching-class/:teachingClassId/student/add',
        lazyScreen(() => import('../features/students/routes/student-add-route').then((m) => m.StudentAddRoute)),
      ),
      at(
        'teaching-class/:teachingClassId/students',
        lazyScreen(() => import('../features/students/routes/student-manage-route').then((m) => m.StudentManageRoute)),
      ),
      at(
        'teaching-class/:teachingClassId/report',
        lazyScreen(() => import('../features/reports/routes/class-report-route').then((m) => m.ClassReportRoute)),
      ),
      at('teaching-class/:teachingClassId/rating/:ratingId/edit', ratingEdit),
      at(
        'teaching-class/:teachingClassId/rating/:ratingId/edit/action',
        lazyScreen(() => import('../features/ratings/routes/rating-action-route').then((m) => m.RatingActionRoute)),
      ),
      at(
        'teaching-class/:teachingClassId/teachers',
        lazyScreen(() => import('../features/coteachers/routes/teachers-route').then((m) => m.TeachersRoute)),
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
        lazyScreen(() => import('../features/messages/routes/messages-screens').then((m) => m.MessagesScreens)),
      ),
      at(
        'notifications',
        lazyScreen(() => import('../features/notifications/routes/notification-list-route').then((m) => m.NotificationListRoute)),
      ),
      at(
        'profile/edit',
        lazyScreen(() => import('../features/profile/routes/profile-edit-route').then((m) => m.ProfileEditRoute)),
      ),
      at(
        'forbidden',
        lazyScreen(() => import('../features/errors/routes/forbidden-route').then((m) => m.ForbiddenRoute)),
      ),
      at(
        '*',
        lazyScreen(() => import('../features/errors/routes/not-found-route').then((m) => m.NotFoundRoute)),
      ),
    ],
  },
];

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

/** A screen that picks its own lazy part by user (the dashboard by account type) says how to load it beforehand. */
export type ScreenWithParts = ComponentType & { loadParts?: (user: User | null) => Promise<unknown> };

/**
 * The code of every level `path` matches, and of the parts those screens pick for `user`, loaded: both the server's render
 * and the browser's hydration start after it, so no level suspends and both draw the same screen.
 */
export async function loadScreens(path: string, user: User | null) {
  const screens = await Promise.all((matchesFor(path) ?? []).map((m) => m.route.screen.preload()));
  await Promise.all(screens.map((s) => (s as ScreenWithParts).loadParts?.(user)));
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
