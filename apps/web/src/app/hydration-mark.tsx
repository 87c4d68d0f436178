import { useEffect } from 'react';

/**
 * The server's page takes taps only once hydrated: until then a button does nothing and a form would be sent by the
 * browser itself, so `data-hydrating` (entry-server.tsx) keeps its controls from pointer events (styles.css). It goes
 * when this mark commits, placed inside the screens' Suspense boundary (router.tsx): React hydrates the app's frame
 * first and a boundary's content in a later pass, so a mark beside the frame went while the screen was still the
 * server's (a select it then hydrated went back to its first value under the user's choice). Links stay live: without
 * JavaScript they still lead somewhere.
 */
export function HydrationMark() {
  useEffect(() => document.getElementById('root')?.removeAttribute('data-hydrating'), []);
  return null;
}
