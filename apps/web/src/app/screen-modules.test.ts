import fs from 'node:fs';
import path from 'node:path';
import type { User } from '@skillroom/contract/types';
import { describe, expect, it } from 'vitest';
import { StudentDetailRoute } from '../features/students/routes/student-detail-route';
import { DashboardRoute } from './dashboard-route';
import { everyScreen } from './router';
import { screenModules } from './screen-modules';
import { RATING_CAPTURE_MODULE, withRatingCapture } from './with-rating-capture';

// The modules a screen names (app/lazy-screen.ts) are how the server finds its chunks in Vite's manifest and preloads them.
const web = path.resolve(import.meta.dirname, '../..');
/** The modules a function imports, as Vitest writes them into its text (`…_dynamic_import__("/apps/web/src/…")`). */
const imported = (f: { toString(): string }) => [...String(f).matchAll(/import__\("\/apps\/web\/(src\/[^"]+)"\)/g)].map((m) => m[1]);
// The screens pick their parts by the account type alone.
const user = (accountType: User['accountType']) => ({ id: 1, accountType }) as User;

describe('the modules a screen names', () => {
  it('are the modules its code is loaded from, and exist', () => {
    for (const screen of everyScreen()) {
      const found = imported(screen.load);
      expect(found.length, String(screen.load)).toBeGreaterThan(0);
      const capture = String(screen.load).includes('withRatingCapture') ? [RATING_CAPTURE_MODULE] : [];
      expect([...screen.modules].sort(), String(screen.load)).toEqual([...found, ...capture].sort());
    }
    expect(imported(withRatingCapture)).toEqual([RATING_CAPTURE_MODULE]);
    const parts = [...DashboardRoute.partModules(user('teacher')), ...DashboardRoute.partModules(user('parent_user'))];
    const all = [...everyScreen().flatMap((s) => s.modules), ...parts, ...StudentDetailRoute.partModules()];
    for (const module of all) expect(fs.existsSync(path.join(web, module)), module).toBe(true);
    expect(StudentDetailRoute.partModules()).toEqual(imported(StudentDetailRoute.loadParts));
  });

  it("are every level's of a page, and the parts its screens pick for the reader", async () => {
    expect(await screenModules('/', user('teacher'))).toEqual([
      'src/app/shell/app-shell.tsx',
      'src/app/dashboard-route.tsx',
      'src/features/classes/routes/class-list-route.tsx',
    ]);
    expect(await screenModules('/', user('parent_user'))).toContain('src/features/linked-students/routes/linked-dashboard-route.tsx');
    expect(await screenModules('/student/3', user('teacher'))).toEqual([
      'src/app/shell/app-shell.tsx',
      'src/features/students/routes/student-detail-route.tsx',
      RATING_CAPTURE_MODULE,
      'src/features/students/components/student-growth.tsx',
    ]);
    expect(await screenModules('/sign-in', null)).toEqual([
      'src/app/shell/public-layout.tsx',
      'src/features/auth/routes/sign-in-route.tsx',
    ]);
  });
});
