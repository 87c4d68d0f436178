import type { User } from '@skillroom/contract/types';
import { createElement, lazy, startTransition, useEffect, useState, type ComponentType } from 'react';

export interface LazyScreen {
  /** The screen: rendered at once when its code is here, through React.lazy (it suspends) while it is not. */
  Component: ComponentType;
  /** Starts loading the screen's code (once); React.lazy then finds it on its way or there. */
  preload: () => Promise<ComponentType>;
  /** Its code has arrived. */
  loaded: () => boolean;
  /**
   * The modules `load` imports, as Vite's manifest names them (`src/…`): a page the server renders preloads their chunks
   * (plugins/web-render.ts), which the browser would otherwise find only once the entry had run.
   */
  modules: readonly string[];
  /** What `load` is, for the unit test that checks `modules` against it. */
  load: () => Promise<ComponentType>;
}

/**
 * What a screen that picks lazy parts of its own (the dashboard by account type, a student's growth charts) says of them
 * beforehand, as static members of its component.
 */
export interface ScreenParts {
  /** Loads them: the server's render and the browser's hydration start after it, so that no part suspends. */
  loadParts?: (user: User | null) => Promise<unknown>;
  /** Their modules, as `LazyScreen.modules` names them. */
  partModules?: (user: User | null) => readonly string[];
}

/**
 * A screen whose code loads on first use, and can be asked for before it renders (the router does, for nested layouts).
 * A screen whose code has arrived never suspends: React shows a Suspense boundary's content no sooner than 300 ms after its
 * fallback, so each lazy level that suspended on a first load (layout, then screen) kept the page on "Loading…" that much
 * longer, though its code was there.
 */
export function lazyScreen(load: () => Promise<ComponentType>, modules: readonly string[] = []): LazyScreen {
  let pending: Promise<ComponentType> | null = null;
  let ready: ComponentType | null = null;
  const preload = () => {
    if (!pending) {
      pending = load().then((c) => (ready = c));
      // A failed load (a new deploy, the network) is asked for again by the next preload; the error boundary shows this one.
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  };
  const Lazy = lazy(() => preload().then((c) => ({ default: c })));
  const Component = () => createElement(ready ?? Lazy);
  return { Component, preload, loaded: () => ready !== null, modules, load };
}

/**
 * Whether every one of `screens` has its code here, asking for what is missing. A screen shown the first time waits with this
 * (a plain state) rather than by suspending: React reveals a Suspense boundary's content no sooner than 300 ms after its
 * fallback showed. A failed load counts as done: the screen then renders, suspends and its error boundary shows the error.
 */
export function useScreensLoaded(screens: readonly LazyScreen[]): boolean {
  // `screens` is the same array from render to render (the caller keeps it); settled names the one whose loads ended.
  const [settled, setSettled] = useState<readonly LazyScreen[] | null>(null);
  const loaded = screens.every((s) => s.loaded());
  useEffect(() => {
    if (loaded) return;
    let live = true;
    // A transition: the first screen's render (layout and all) is sliced instead of one long task.
    const done = () => live && startTransition(() => setSettled(screens));
    void Promise.all(screens.map((s) => s.preload())).then(done, done);
    return () => {
      live = false;
    };
  }, [screens, loaded]);
  return loaded || settled === screens;
}
