/* The push part of Skillroom's service worker: shows pushed notifications and opens their screen on a click (spec §4,
   DESIGN §3). Plain script without imports, bundled into the one worker (service-worker.ts) and run alone by its test. */
const BASE = new URL('./', self.location.href).pathname; // "/web/"
const MESSAGE_TYPE = 'skillroom-push';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The screen a notification opens, under the base path; its path was chosen by the server per spec §2. */
function targetOf(data) {
  const path = data && typeof data.path === 'string' && /^\/[A-Za-z0-9/_-]*$/.test(data.path) ? data.path : null;
  return path ? BASE + path.slice(1) : null;
}

self.addEventListener('push', (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  const title = (data && data.title) || 'Skillroom';
  const options = {
    body: (data && data.message) || '',
    tag: data && data.id ? `notification-${data.id}` : undefined,
    // A PNG: phones show no SVG icon on a notification.
    icon: `${BASE}icons/icon-192.png`,
    data: { id: data && data.id, target: targetOf(data) },
  };
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, options),
      // Open tabs read their notifications again (the badge rises even without the event stream).
      self.clients
        .matchAll({ type: 'window', includeUncontrolled: true })
        .then((tabs) => {
          const message = { type: MESSAGE_TYPE, id: data && data.id, notificationType: data && data.notificationType };
          tabs.forEach((tab) => tab.postMessage(message));
        }),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = (event.notification.data && event.notification.data.target) || `${BASE}notifications`;
  const url = new URL(target, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (tabs) => {
      const tab = tabs.find((t) => new URL(t.url).pathname.startsWith(BASE));
      if (tab) {
        await tab.focus();
        return 'navigate' in tab ? tab.navigate(url) : undefined;
      }
      return self.clients.openWindow(url);
    }),
  );
});
