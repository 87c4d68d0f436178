import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyScreen {
  Component: LazyExoticComponent<ComponentType>;
  /** Starts loading the screen's code (once); React.lazy then finds it on its way or there. */
  preload: () => Promise<ComponentType>;
}

/** A screen whose code loads on first use, and can be asked for before it renders (the router does, for nested layouts). */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let pending: Promise<ComponentType> | null = null;
  const preload = () => {
    if (!pending) {
      pending = load();
      // A failed load (a new deploy, the network) is asked for again by the next preload; the error boundary shows this one.
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  };
  return { Component: lazy(() => preload().then((c) => ({ default: c }))), preload };
}
