import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

type Listener = (event: Record<string, unknown>) => void;

/** Runs the worker's push handlers in a sandbox standing in for the service worker's global scope. */
function loadWorker(
  tabs: { url: string; focus: () => Promise<void>; navigate?: (u: string) => Promise<void>; postMessage: (m: unknown) => void }[],
) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => undefined);
  const self = {
    location: { href: 'https://school.example/web/sw.js', origin: 'https://school.example' },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: vi.fn(),
    registration: { showNotification },
    clients: { claim: vi.fn(), matchAll: vi.fn(async () => tabs), openWindow },
  };
  vm.runInNewContext(fs.readFileSync(path.resolve(import.meta.dirname, './service-worker/push-handlers.js'), 'utf8'), { self, URL });
  const fire = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { fire, showNotification, openWindow };
}

const payload = {
  id: 7,
  title: 'Request to join a class',
  message: 'Ben asks to join Oak.',
  notificationType: 4,
  entityType: 15,
  entityId: 3,
  path: '/teaching-class/3/teachers',
};

describe('service worker (push)', () => {
  it('shows a pushed notification and tells the open tabs to read their notifications again', async () => {
    const tab = { url: 'https://school.example/web/', focus: vi.fn(async () => undefined), postMessage: vi.fn() };
    const w = loadWorker([tab]);
    await w.fire('push', { data: { json: () => payload } });
    expect(w.showNotification).toHaveBeenCalledWith(
      'Request to join a class',
      expect.objectContaining({
        body: 'Ben asks to join Oak.',
        tag: 'notification-7',
        data: { id: 7, target: '/web/teaching-class/3/teachers' },
      }),
    );
    expect(tab.postMessage).toHaveBeenCalledWith({ type: 'skillroom-push', id: 7, notificationType: 4 });
  });

  it("opens the notification's screen on a click: in an open tab of the app, or a new window", async () => {
    const notification = { close: vi.fn(), data: { id: 7, target: '/web/teaching-class/3/teachers' } };
    const tab = {
      url: 'https://school.example/web/notifications',
      focus: vi.fn(async () => undefined),
      navigate: vi.fn(async () => undefined),
      postMessage: vi.fn(),
    };
    const open = loadWorker([tab]);
    await open.fire('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(tab.focus).toHaveBeenCalled();
    expect(tab.navigate).toHaveBeenCalledWith('https://school.example/web/teaching-class/3/teachers');

    const none = loadWorker([]);
    await none.fire('notificationclick', { notification: { close: vi.fn(), data: { id: 8, target: null } } });
    expect(none.openWindow).toHaveBeenCalledWith('https://school.example/web/notifications');
  });

  it('shows something sensible for an unreadable push, and follows no foreign path', async () => {
    const w = loadWorker([]);
    await w.fire('push', { data: { json: () => JSON.parse('not json') } });
    expect(w.showNotification).toHaveBeenCalledWith('Skillroom', expect.objectContaining({ body: '' }));
    await w.fire('push', { data: { json: () => ({ ...payload, path: '//evil.example/x' }) } });
    expect(w.showNotification).toHaveBeenLastCalledWith(payload.title, expect.objectContaining({ data: { id: 7, target: null } }));
  });
});
