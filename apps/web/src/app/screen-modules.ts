import type { User } from '@skillroom/contract/types';
import type { ComponentType } from 'react';
import type { ScreenParts } from './lazy-screen';
import { matchedScreens } from './router';

/**
 * The modules (`src/…`, as Vite's manifest names them) of every level `path` matches and of the parts those screens pick
 * for `user`: the server preloads their chunks in the page it renders (plugins/web-render.ts, web-preload.ts). Each lazy
 * screen names its modules in the server's build only (app/lazy-screen.ts), so this is the server entry's alone.
 */
export async function screenModules(path: string, user: User | null): Promise<string[]> {
  const levels = matchedScreens(path);
  const screens = await Promise.all(levels.map((s) => s.preload()));
  const parts = screens.flatMap((s) => (s as ComponentType & ScreenParts).partModules?.(user) ?? []);
  return [...levels.flatMap((s) => s.modules), ...parts];
}
