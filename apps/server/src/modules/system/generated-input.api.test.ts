import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MediaType } from '@skillroom/contract';
import { users } from '../../db/schema';
import { flushAccessLog } from '../../records/access-log';
import { signUp, startTestServer } from '../../../test/harness';
import { addStudent, API, createClass, makeMedia, makeSubscription } from '../../../test/classes';
import { changedTables, tableFingerprinter } from '../../../test/db-fingerprint';
import {
  encodeLoosely,
  hostilePathSegment,
  hostileString,
  hostileValue,
  plausible,
  RAW_LITERALS,
  type JsonSchema,
} from '../../../test/hostile-values';
import { multipartPlan, multipartRequest } from '../../../test/hostile-multipart';

/**
 * Generated hostile input against every route of the API document: each write route and each query parameter gets
 * at least MIN_HOSTILE hostile values (NUL, lone surrogates, ids past the integer range, impossible dates,
 * injections, odd structures, limits), on a body otherwise valid so that they reach as deep as a real request.
 * No answer may be a 5xx, and a refused write may change no row. Routes are read from the document, so a route
 * added later is covered without a change here. Seeded (FUZZ_SEED) so that a failure can be replayed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const MIN_HOSTILE = 200;
const READ_BY_ID_HOSTILE = 40;
const WRITE = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

const s = await startTestServer();
afterAll(() => s.close());
const teacher = await signUp(s);
const subscription = await makeSubscription(s, { teachers: [teacher] });
const cls = await createClass(s, teacher, { subscription: `${API}/subscription/${subscription.id}` });
await addStudent(s, teacher, cls.id);
await makeMedia(s, MediaType.StudentAvatar, teacher.id);
await makeMedia(s, MediaType.TeachingClassAvatar, teacher.id);
const fingerprint = await tableFingerprinter(s.ctx.db);

// The first row of each table (the fixture's, or the catalogue's) is what a property or path of that name refers to.
const firstIds = new Map<string, number>();
for (const t of fingerprint.tables) {
  const r = (await s.ctx.db.execute(sql.raw(`select min(id)::int as id from "${t}"`)).catch(() => ({ rows: [] }))) as unknown as {
    rows: { id: number | null }[];
  };
  if (r.rows[0]?.id) firstIds.set(t, r.rows[0].id);
}
const snake = (name: string) =>
  name
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
const refFor = (name: string) => {
  const t = snake(name);
  return firstIds.get(t) ?? firstIds.get(`app_${t}`) ?? firstIds.get(t.replace(/s$/, ''));
};

interface Route {
  method: string;
  path: string;
  query: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
  multipart?: Record<string, JsonSchema>;
}
type Op = {
  parameters?: { name: string; in: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
const doc = (await s.api('GET', '/api/docs.json')).json() as { paths: Record<string, Record<string, Op>> };
const routes: Route[] = Object.entries(doc.paths)
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([m, op]) => ({
      method: m.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query'),
      body: op.requestBody?.content['application/ld+json']?.schema,
      multipart: op.requestBody?.content['multipart/form-data']?.schema.properties,
    })),
  )
  .filter((r) => WRITE.has(r.method) || r.query.length > 0 || r.path.includes('{'))
  // Deletions last: one that succeeds must not take the others' fixtures away.
  .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

let token = teacher.token;
let counter = 0;
const totals = { requests: 0, hostile: 0, serverErrors: 0, byStatus: {} as Record<number, number> };
const failures: string[] = [];

/**
 * The answer's body, or its first part when it does not end (a stream of events): a route that streams once is
 * cut short at once afterwards, so that it cannot hold the run up.
 */
const streaming = new Set<string>();
function bodyOf(stream: NodeJS.ReadableStream, abort: AbortController, path: string): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      clearTimeout(timer);
      resolve(text);
    };
    const timer = setTimeout(
      () => {
        streaming.add(path);
        abort.abort();
        done();
      },
      streaming.has(path) ? 20 : 1000,
    );
    stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    stream.on('end', done);
    stream.on('error', done);
  });
}

async function send(route: Route, url: string, payload: string | Buffer | undefined, headers: Record<string, string> = {}) {
  for (;;) {
    const abort = new AbortController();
    const res = await s.app.inject({
      method: route.method as 'GET',
      url,
      headers: {
        accept: 'application/ld+json',
        authorization: `Bearer ${token}`,
        ...(payload !== undefined && typeof payload === 'string' ? { 'content-type': 'application/ld+json' } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload } : {}),
      payloadAsStream: true,
      signal: abort.signal,
    });
    const body = await bodyOf(res.stream(), abort, route.path);
    // A hostile body may have been a valid new username or password; the fixture user signs in again.
    if (res.statusCode !== 401 || !url.startsWith(API)) return { statusCode: res.statusCode, body };
    const [row] = await s.ctx.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${teacher.id}`);
    token = await s.ctx.signer.sign({ userId: row!.id, username: row!.username, roles: row!.roles });
  }
}

/** Sends one request and checks it: never a 5xx; a refused write leaves every table as it was. */
let lastFingerprint: Record<string, string> | null = null;
async function check(route: Route, url: string, payload: string | Buffer | undefined, hostile: number, headers?: Record<string, string>) {
  const write = WRITE.has(route.method);
  // The tables as the previous write left them (reads change nothing: each read route is checked for that as a whole).
  const before = write ? (lastFingerprint ??= await fingerprint.take()) : null;
  const res = await send(route, url, payload, headers);
  const after = write ? await fingerprint.take() : null;
  if (after) lastFingerprint = after;
  totals.requests++;
  totals.byStatus[res.statusCode] = (totals.byStatus[res.statusCode] ?? 0) + 1;
  totals.hostile += hostile;
  const what = `${route.method} ${url.slice(0, 300)} ${String(payload ?? '').slice(0, 300)} (seed ${SEED})`;
  if (res.statusCode >= 500) {
    totals.serverErrors++;
    failures.push(`${res.statusCode} ${what}: ${res.body.slice(0, 300)}`);
  }
  // A failed sign-in or a reused refresh token may be recorded (throttling, revoking the family): not a refusal of input.
  // Nor is a password check (a wrong current password, DELETE /user): its attempt is counted in sign_in_failure, by design.
  if (before && after && res.statusCode >= 400 && res.statusCode !== 401 && res.statusCode !== 429) {
    const changed = changedTables(before, after).filter((t) => t !== 'sign_in_failure');
    if (changed.length) failures.push(`refused with ${res.statusCode} but changed ${changed.join(', ')}: ${what}`);
  }
}

const fillPath = (path: string, hostileSegment: string | null, n: number) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string, offset: number) => {
    if (hostileSegment !== null) return hostileSegment;
    const segment = path.slice(0, offset).split('/').filter(Boolean).pop() ?? '';
    return name === 'id' ? String(refFor(segment) ?? 1) : `fuzz${n}`;
  });

/** What one body request changes in a valid body. */
const bodyPlan = (props: string[], hasPath: boolean) =>
  fc.record({
    kind: fc.constantFrom('fields', 'fields', 'fields', 'fields', 'fields', 'fields', 'raw', 'extra', 'whole'),
    fields: fc.uniqueArray(fc.tuple(props.length ? fc.constantFrom(...props) : fc.constant('x'), hostileValue), {
      minLength: 1,
      maxLength: 3,
      selector: (t) => t[0],
    }),
    raw: fc.tuple(props.length ? fc.constantFrom(...props) : fc.constant('x'), fc.constantFrom(...RAW_LITERALS)),
    extra: fc.tuple(hostileString, hostileValue),
    whole: hostileValue,
    // With a body, the path is mostly the fixture's (so that the body is read); without one, always hostile.
    path:
      hasPath && props.length
        ? fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hostilePathSegment })
        : hasPath
          ? hostilePathSegment
          : fc.constant(null),
  });

async function fuzzBody(route: Route, index: number, limit: number) {
  const schema = route.body ?? {};
  const props = Object.keys(schema.properties ?? {});
  const hasPath = route.path.includes('{');
  let sent = 0;
  for (const plan of fc.sample(bodyPlan(props, hasPath), { seed: SEED + index, numRuns: limit })) {
    if (sent >= limit) break;
    const n = ++counter;
    const base = route.body ? (plausible(schema, '', { refFor, n }) as Record<string, unknown>) : undefined;
    let payload: string | undefined;
    let hostile = plan.path !== null ? 1 : 0;
    if (!route.body) payload = route.method === 'DELETE' || route.method === 'GET' ? undefined : '{}';
    else if (plan.kind === 'whole') [payload, hostile] = [JSON.stringify(plan.whole ?? null), hostile + 1];
    else if (plan.kind === 'raw')
      [payload, hostile] = [JSON.stringify({ ...base, [plan.raw[0]]: '\u0001RAW' }).replace('"\\u0001RAW"', plan.raw[1]), hostile + 1];
    else if (plan.kind === 'extra') [payload, hostile] = [JSON.stringify({ ...base, [plan.extra[0]]: plan.extra[1] }), hostile + 2];
    else [payload, hostile] = [JSON.stringify({ ...base, ...Object.fromEntries(plan.fields) }), hostile + plan.fields.length];
    if (!route.body && plan.path === null) {
      if (hasPath || route.method === 'DELETE' || route.method === 'GET') continue;
      // A body-less action without parameters (mark all read) can only be sent a body: it must ignore or refuse it.
      [payload, hostile] = [JSON.stringify(plan.whole ?? null), 1];
    }
    await check(route, fillPath(route.path, plan.path, n), payload, hostile);
    sent += hostile;
  }
  return sent;
}

async function fuzzMultipart(route: Route, index: number) {
  let sent = 0;
  for (const plan of fc.sample(multipartPlan(Object.keys(route.multipart ?? {})), { seed: SEED + index, numRuns: MIN_HOSTILE })) {
    if (sent >= MIN_HOSTILE) break;
    const { body, contentType, hostile } = multipartRequest(plan);
    await check(route, fillPath(route.path, null, ++counter), body, hostile, { 'content-type': contentType });
    sent += hostile;
  }
  return sent;
}

/** Query forms of one value: `x=v`, `x[]=v`, `x[k]=v`, `x=v&x=v`. */
const queryPart = fc.tuple(hostileString, fc.constantFrom('plain', 'plain', 'plain', 'list', 'key', 'twice'));
async function fuzzQuery(route: Route, index: number) {
  const names = route.query.map((q) => q.name);
  const counts = new Map(names.map((q) => [q, 0]));
  const plans = fc.sample(
    fc.uniqueArray(fc.tuple(fc.constantFrom(...names), queryPart), { minLength: 1, maxLength: 3, selector: (t) => t[0] }),
    {
      seed: SEED + 1000 + index,
      numRuns: MIN_HOSTILE * names.length,
    },
  );
  for (const plan of plans) {
    if (Math.min(...counts.values()) >= MIN_HOSTILE) break;
    const n = ++counter;
    const query = plan
      .map(([name, [value, form]]) => {
        counts.set(name, counts.get(name)! + 1);
        const k = encodeURIComponent(name);
        const v = encodeLoosely(value);
        return form === 'list'
          ? `${k}[]=${v}&${k}[]=${v}`
          : form === 'key'
            ? `${k}[x]=${v}`
            : form === 'twice'
              ? `${k}=${v}&${k}=1`
              : `${k}=${v}`;
      })
      .join('&');
    const payload = route.body ? JSON.stringify(plausible(route.body, '', { refFor, n })) : undefined;
    await check(route, `${fillPath(route.path, null, n)}?${query}`, payload, plan.length);
  }
  return Math.min(...counts.values());
}

/** The one table a read writes: reads of a child's record are recorded in the access log (DESIGN §6). */
const READ_WRITES = ['access_log'];

describe('generated hostile input, from the API document', () => {
  it('finds the routes to try', () => {
    expect(routes.filter((r) => WRITE.has(r.method)).length).toBeGreaterThan(10);
    expect(routes.some((r) => r.query.length)).toBe(true);
  });

  routes.forEach((route, index) => {
    it(`${route.method} ${route.path}`, { timeout: 120_000 }, async () => {
      const before = failures.length;
      // Reads of the route before are recorded within seconds (the access log's buffer): written now, not during this one.
      await flushAccessLog(s.ctx.db);
      lastFingerprint = null;
      const readsBefore = route.method === 'GET' ? await fingerprint.take() : null;
      if (WRITE.has(route.method) || route.path.includes('{')) {
        // Reads by id get fewer: their path is all they take.
        const limit = WRITE.has(route.method) ? MIN_HOSTILE : READ_BY_ID_HOSTILE;
        const sent = route.multipart ? await fuzzMultipart(route, index) : await fuzzBody(route, index, limit);
        expect(sent).toBeGreaterThanOrEqual(limit);
      }
      if (route.query.length) expect(await fuzzQuery(route, index)).toBeGreaterThanOrEqual(MIN_HOSTILE);
      if (readsBefore)
        expect(
          changedTables(readsBefore, await fingerprint.take()).filter((t) => !READ_WRITES.includes(t)),
          'a read changed rows',
        ).toEqual([]);
      expect(failures.slice(before)).toEqual([]);
    });
  });

  it('sums up', () => {
    console.info(
      `generated input (${s.ctx.database.kind}, seed ${SEED}): ${totals.requests} requests, ${totals.hostile} hostile values, ${totals.serverErrors} answers 5xx; answers by status ${JSON.stringify(totals.byStatus)}`,
    );
    expect(totals.serverErrors).toBe(0);
  });
});
