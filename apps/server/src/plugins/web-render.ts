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
  COOKIE_LOCALE,
  COOKIE_REFRESH,
  DEFAULT_LOCALE,
  FAMILY_LETTER,
  LOCALES,
  preferredLocale,
  type Locale,
  type User,
} from '@skillroom/contract';
import type { TokenSigner } from './auth';
import { manifestReader, preloadLinks } from './web-preload';

/** What the web app's server entry (apps/web/src/entry-server.tsx, built into dist/server/) offers. */
interface WebEntry {
  redirectFor(path: string, search: string, user: User | null): string | null;
  screenReads(path: string, search: string, user: User | null, read: Record<string, unknown>): string[];
  screenModules(path: string, user: User | null): Promise<string[]>;
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
/** Rounds of reads at most: a student's page needs four (the place, the reader's links to it, its class, the rest). */
const READ_ROUNDS = 5;

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
  const manifest = manifestReader(dist);

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

    // The app's own choice (lib/i18n.tsx): the user's language; signed out, a family letter's `?lang=`, then the one chosen
    // in this browser (kept in local storage, which the server cannot read, and mirrored in a cookie for it), then the browser's.
    const asked = user ? [user.preferredLanguage] : [url.searchParams.get(FAMILY_LETTER.langParam), req.cookies[COOKIE_LOCALE]];
    const chosen = asked.map((a) => LOCALES.find((l) => l === a)).find(Boolean);
    const locale = chosen ?? preferredLocale(LOCALES, acceptedLanguages(req.headers['accept-language'])) ?? DEFAULT_LOCALE;
    const [config, messages] = await Promise.all([
      read(`${API_PUBLIC_PREFIX}/config`, false),
      read(`${API_PUBLIC_PREFIX}/translation/${locale}/compiled`, false),
    ]);
    if (config.status !== 200 || messages.status !== 200) return null;
    // A screen's reads may follow from others' answers (a student's place names its class): asked in rounds, each round
    // with the answers so far, until the screen names no key not yet asked. A refused key stays, as undefined.
    const answers: Record<string, unknown> = {};
    for (let round = 0; round < READ_ROUNDS; round++) {
      const keys = [...new Set(web.screenReads(pagePath, url.search, user, answers))].filter((k) => !(k in answers));
      if (!keys.length) break;
      await Promise.all(
        keys.map(async (key) => {
          const infinite = key.startsWith(INFINITE_PREFIX);
          const res = await read(`${API_AUTH_PREFIX}${infinite ? key.slice(INFINITE_PREFIX.length) : key}`, true);
          answers[key] = res.status !== 200 ? undefined : infinite ? [res.body] : res.body;
        }),
      );
    }
    // A refusal (404, 403) or a failure is the browser's to ask for and show, as it would without this page.
    const fallback = Object.fromEntries(Object.entries(answers).filter(([, body]) => body !== undefined));
    const first: FirstLoad = {
      locale,
      messages: (messages.body as { messages: unknown }).messages,
      config: config.body,
      user,
      fallback,
    };
    // The screen's own chunks are fetched beside the entry, not after it has run (web-preload.ts).
    const built = manifest();
    const links = built ? preloadLinks(built, await web.screenModules(pagePath, user)) : '';
    const page = links ? template.replace('</head>', `${links}</head>`) : template;
    return { html: await web.renderPage({ url: `${url.pathname}${url.search}`, first, template: page }) };
  };
}
