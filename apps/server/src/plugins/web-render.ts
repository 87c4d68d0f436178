import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_AUTH_PREFIX,
  API_PUBLIC_PREFIX,
  BASE_PATH,
  COOKIE_BEARER,
  COOKIE_REFRESH,
  DEFAULT_LOCALE,
  FAMILY_LETTER,
  LOCALES,
  preferredLocale,
  type Locale,
  type User,
} from '@skillroom/contract';
import type { TokenSigner } from './auth';

/** What the web app's server entry (apps/web/src/entry-server.tsx, built into dist/server/) offers. */
interface WebEntry {
  redirectFor(path: string, search: string, user: User | null): string | null;
  screenReads(path: string, user: User | null): string[];
  renderPage(page: { url: string; first: FirstLoad; template: string }): Promise<Readable>;
}

interface FirstLoad {
  locale: Locale;
  messages: unknown;
  config: unknown;
  user: User | null;
  fallback: Record<string, unknown>;
}

/** A page the server rendered, or where it sends the reader; null: the plain app page answers (the browser renders it). */
export type RenderedPage = { html: Readable } | { redirect: string } | null;

const INFINITE_PREFIX = '$inf$';

/** The reader's languages from Accept-Language, most wanted first. */
function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag?.trim() ?? '', q: q === undefined ? 1 : Number(q) };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((l) => l.tag);
}

/**
 * Renders the first screen of a page under /web/ (issue 35) with the web app's server entry: the session cookies
 * (BEARER, REFRESH_TOKEN) say who reads; what the screen shows is read through the API's own routes with the reader's
 * token (`inject`: no network, the same access rules, access log and presenters as the browser's reads), and travels in
 * the page for hydration. Whatever fails (no server build, a read, the render) leaves the plain app page to answer.
 */
export function webRenderer(app: FastifyInstance, signer: TokenSigner, dist: string) {
  const entryFile = path.join(dist, 'server', 'entry-server.js');
  let entry: Promise<WebEntry | null> | null = null;
  const loadEntry = () =>
    (entry ??= fs.existsSync(entryFile)
      ? (import(pathToFileURL(entryFile).href) as Promise<WebEntry>).catch((e: unknown) => {
          app.log.error({ err: e }, 'the web app server entry does not load: pages are rendered by the browser');
          return null;
        })
      : Promise.resolve(null));

  return async function render(req: FastifyRequest, template: string): Promise<RenderedPage> {
    const web = await loadEntry();
    if (!web) return null;
    const url = new URL(req.url, 'http://x');
    const pagePath = url.pathname.slice(BASE_PATH.length) || '/';
    const token = req.cookies[COOKIE_BEARER] ?? null;
    const principal = token ? await signer.verify(token) : null;
    // An expired token with a refresh token: the browser buys a new pair (single use, its own to spend) and draws the page.
    if (token && !principal && req.cookies[COOKIE_REFRESH]) return null;
    const read = async (apiPath: string, signedIn: boolean) => {
      const res = await app.inject({
        method: 'GET',
        url: apiPath,
        remoteAddress: req.ip,
        headers: { accept: 'application/ld+json', ...(signedIn && token ? { authorization: `Bearer ${token}` } : {}) },
      });
      return { status: res.statusCode, body: res.statusCode === 200 ? (res.json() as unknown) : null };
    };

    let user: User | null = null;
    if (principal) {
      const res = await read(`${API_AUTH_PREFIX}/user/${principal.userId}`, true);
      if (res.status === 200) user = res.body as User;
      // Not a refusal of the session (the database away, …): the browser asks again itself.
      else if (res.status !== 401) return null;
    }
    const redirect = web.redirectFor(pagePath, url.search, user);
    if (redirect) return { redirect };

    // The app's own choice (lib/i18n.tsx): the user's language; signed out, a family letter's `?lang=`, then the browser's.
    const asked = user ? user.preferredLanguage : url.searchParams.get(FAMILY_LETTER.langParam);
    const locale =
      LOCALES.find((l) => l === asked) ?? preferredLocale(LOCALES, acceptedLanguages(req.headers['accept-language'])) ?? DEFAULT_LOCALE;
    const [config, messages] = await Promise.all([
      read(`${API_PUBLIC_PREFIX}/config`, false),
      read(`${API_PUBLIC_PREFIX}/translation/${locale}/compiled`, false),
    ]);
    if (config.status !== 200 || messages.status !== 200) return null;
    const fallback: Record<string, unknown> = {};
    await Promise.all(
      web.screenReads(pagePath, user).map(async (key) => {
        const infinite = key.startsWith(INFINITE_PREFIX);
        const res = await read(`${API_AUTH_PREFIX}${infinite ? key.slice(INFINITE_PREFIX.length) : key}`, true);
        // A refusal (404, 403) or a failure is the browser's to ask for and show, as it would without this page.
        if (res.status === 200) fallback[key] = infinite ? [res.body] : res.body;
      }),
    );
    const first: FirstLoad = {
      locale,
      messages: (messages.body as { messages: unknown }).messages,
      config: config.body,
      user,
      fallback,
    };
    return { html: await web.renderPage({ url: `${url.pathname}${url.search}`, first, template }) };
  };
}
