import { createBrowserRouter, type RouteObject } from 'react-router';
import { WEB_BASE } from '../lib/config';
import { Loading } from '../components/ui/spinner';
import { RouteError } from './route-error';

// Each screen's code loads on its first visit (DESIGN §5).
const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown while the first screen's code arrives (every route is lazy); without it React Router warns on direct loads.
    HydrateFallback: Loading,
    children: [
      {
        // The layouts load with their first screen, so the app's entry holds only what every screen needs.
        lazy: () => import('./shell/public-layout').then((m) => ({ Component: m.PublicLayout })),
        children: [
          { path: 'sign-in', lazy: () => import('../features/auth/routes/sign-in-route').then((m) => ({ Component: m.SignInRoute })) },
          { path: 'sign-up', lazy: () => import('../features/auth/routes/sign-up-route').then((m) => ({ Component: m.SignUpRoute })) },
          { path: 'forgot-password', lazy: () => import('../features/auth/routes/forgot-password-route').then((m) => ({ Component: m.ForgotPasswordRoute })) },
          { path: 'reset-password', lazy: () => import('../features/auth/routes/reset-password-route').then((m) => ({ Component: m.ResetPasswordRoute })) },
          // A family letter's QR code (DESIGN §8): for the signed-out and the signed-in alike.
          { path: 'link', lazy: () => import('../features/family-link/routes/link-route').then((m) => ({ Component: m.LinkRoute })) },
        ],
      },
      {
        lazy: () => import('./shell/app-shell').then((m) => ({ Component: m.AppShell })),
        children: [
          { index: true, lazy: () => import('./dashboard-route').then((m) => ({ Component: m.DashboardRoute })) },
          { path: 'teaching-class/new', lazy: () => import('../features/classes/routes/class-new-route').then((m) => ({ Component: m.ClassNewRoute })) },
          {
            path: 'teaching-class/:teachingClassId',
            lazy: () => import('../features/classes/routes/class-detail-route').then((m) => ({ Component: m.ClassDetailRoute })),
          },
          {
            path: 'teaching-class/:teachingClassId/edit',
            lazy: () => import('../features/classes/routes/class-edit-route').then((m) => ({ Component: m.ClassEditRoute })),
          },
          {
            path: 'teaching-class/:teachingClassId/student/add',
            lazy: () => import('../features/students/routes/student-add-route').then((m) => ({ Component: m.StudentAddRoute })),
          },
          {
            path: 'teaching-class/:teachingClassId/students',
            lazy: () => import('../features/students/routes/student-manage-route').then((m) => ({ Component: m.StudentManageRoute })),
          },
          {
            path: 'teaching-class/:teachingClassId/report',
            lazy: () => import('../features/reports/routes/class-report-route').then((m) => ({ Component: m.ClassReportRoute })),
          },
          {
            path: 'teaching-class/:teachingClassId/rating/:ratingId/edit',
            lazy: () => import('../features/ratings/routes/rating-edit-route').then((m) => ({ Component: m.RatingEditRoute })),
          },
          {
            path: 'teaching-class/:teachingClassId/rating/:ratingId/edit/action',
            lazy: () => import('../features/ratings/routes/rating-action-route').then((m) => ({ Component: m.RatingActionRoute })),
          },
          {
            path: 'teaching-class/:teachingClassId/teachers',
            lazy: () => import('../features/coteachers/routes/teachers-route').then((m) => ({ Component: m.TeachersRoute })),
          },
          // A student's screens live under both of their paths (spec §2).
          ...['teaching-class/:teachingClassId/student/:teachingClassStudentId', 'student/:teachingClassStudentId'].flatMap((base): RouteObject[] => [
            { path: base, lazy: () => import('../features/students/routes/student-detail-route').then((m) => ({ Component: m.StudentDetailRoute })) },
            { path: `${base}/edit`, lazy: () => import('../features/students/routes/student-edit-route').then((m) => ({ Component: m.StudentEditRoute })) },
            { path: `${base}/report`, lazy: () => import('../features/reports/routes/student-report-route').then((m) => ({ Component: m.StudentReportRoute })) },
            { path: `${base}/rating/:ratingId/edit`, lazy: () => import('../features/ratings/routes/rating-edit-route').then((m) => ({ Component: m.RatingEditRoute })) },
            { path: `${base}/manage`, lazy: () => import('../features/student-links/routes/student-links-route').then((m) => ({ Component: m.StudentLinksRoute })) },
          ]),
          { path: 'notifications', lazy: () => import('../features/notifications/routes/notification-list-route').then((m) => ({ Component: m.NotificationListRoute })) },
          { path: 'profile/edit', lazy: () => import('../features/profile/routes/profile-edit-route').then((m) => ({ Component: m.ProfileEditRoute })) },
          { path: 'forbidden', lazy: () => import('../features/errors/routes/forbidden-route').then((m) => ({ Component: m.ForbiddenRoute })) },
          { path: '*', lazy: () => import('../features/errors/routes/not-found-route').then((m) => ({ Component: m.NotFoundRoute })) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: WEB_BASE });
