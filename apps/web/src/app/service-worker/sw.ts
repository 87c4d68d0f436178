/// <reference lib="webworker" />
// Skillroom's one service worker (DESIGN §7): the app shell from the precache, the reads of the classes last visited
// from a bounded cache of the signed-in user, and the pushed notifications. Built apart from the page by
// vite.config.ts with vite-plugin-pwa (injectManifest; the page never loads Workbox), with the precache list put in place of
// self.__WB_MANIFEST. Named sw.ts so that it becomes dist/sw.js, the URL existing installs update from.
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { cacheNameOf, isCachedPublicRead, isCachedUserRead, userIdOfAuthorization } from '../../lib/sw-cache-rules';
import './push-handlers.js';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const BASE = new URL('./', self.location.href).pathname;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** A page the server renders is awaited this long; past it (a dead or very slow network), the precached app page answers. */
const PAGE_TIMEOUT_MS = 4000;
const shell = createHandlerBoundToURL(`${BASE}index.html`);

// A page of the app comes from the server, which renders its first screen for its reader (issue 35), and is never kept:
// it is one user's. Offline, any page opens from the precached app page (index.html, no one's data in it), whose router
// draws it from what the caches hold.
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const page = await Promise.race([
          fetch(options.request),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('page timeout')), PAGE_TIMEOUT_MS)),
        ]);
        if (page.status < 500) return page;
      } catch {
        // No network: the app page below.
      }
      return shell(options);
    },
    { allowlist: [new RegExp(`^${BASE}`)] },
  ),
);

/**
 * Network first, the cache when there is no answer in time: online, a read made just after a save shows the save
 * (a stale-first answer would show the list from before it); offline, the class opens as it was last seen.
 */
const strategies = new Map<string, NetworkFirst>();
function strategyFor(cacheName: string): NetworkFirst {
  let s = strategies.get(cacheName);
  if (!s) {
    s = new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: 4,
      // The last visited classes: a few hundred answers, none older than two weeks.
      plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true })],
    });
    strategies.set(cacheName, s);
  }
  return s;
}

// One cache per user: a second user signing in on this device never sees the first one's classes.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && isCachedUserRead(url) && userIdOfAuthorization(request.headers.get('authorization')) !== null,
  (options) => strategyFor(cacheNameOf(userIdOfAuthorization(options.request.headers.get('authorization'))!)).handle(options),
);
registerRoute(({ url, request }) => request.method === 'GET' && isCachedPublicRead(url), strategyFor('public-api'));

// A page that is neither precached nor reachable: the offline start page.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(`${BASE}offline.html`)) ?? Response.error();
  return Response.error();
});
