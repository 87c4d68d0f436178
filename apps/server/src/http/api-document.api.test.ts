import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';

const s = await startTestServer();
afterAll(() => s.close());

type Doc = Omit<OpenAPIV3_1.Document, 'paths'> & { paths: Record<string, Record<string, OpenAPIV3_1.OperationObject>> };
const doc = (await s.api('GET', '/api/docs.json')).json() as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

/** One declaration per route (DESIGN §14): the document is generated from the routes' schemas, and says all of them. */
describe('the API document (/api/docs.json)', () => {
  it('is valid OpenAPI 3', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    // The parser resolves references in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('names every route the server registers', () => {
    const documented = new Set(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`));
    const registered = s.ctx.routes
      .filter((r) => !r.url.includes('*'))
      .map((r) => `${r.method.toUpperCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(80);
    expect(registered.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('gives every path id as an integer', () => {
    const ids = operations.flatMap(({ path, method, op }) =>
      ((op.parameters ?? []) as OpenAPIV3_1.ParameterObject[])
        // tus names an upload by its own random id, not a row's.
        .filter((p) => p.in === 'path' && p.name === 'id' && !path.includes('/uploads/'))
        .map((p) => ({
          at: `${method} ${path}`,
          type: (p.schema as { type?: string; format?: string }).type,
          format: (p.schema as { format?: string }).format,
        })),
    );
    expect(ids.length).toBeGreaterThan(50);
    // An observation is named by the UUID its ratings share (DESIGN §14), every other resource by its row's integer.
    const expected = (at: string) => (at.includes('/observation/') ? { type: 'string', format: 'uuid' } : { type: 'integer' });
    expect(ids.filter((p) => p.type !== expected(p.at).type || ('format' in expected(p.at) && p.format !== 'uuid'))).toEqual([]);
  });

  it('declares the answer of every route: a schema for each 2xx (no body for 204), or a redirection', () => {
    const missing: string[] = [];
    for (const { path, method, op } of operations) {
      const ok = Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('2'));
      if (!ok.length && !Object.keys(op.responses ?? {}).some((s) => s.startsWith('3'))) missing.push(`${method} ${path}: no 2xx`);
      for (const [status, res] of ok) {
        const content = (res as OpenAPIV3_1.ResponseObject).content;
        if (status === '204') continue;
        if (!content || !Object.values(content).every((c) => c.schema)) missing.push(`${method} ${path} ${status}`);
      }
    }
    // Every route declares its answers itself: none is left with the generator's default.
    const undeclared = s.ctx.routes.filter(
      (r) => !r.url.includes('*') && !Object.keys(r.schema?.response ?? {}).some((k) => /^[23]/.test(k)),
    );
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(missing).toEqual([]);
  });
});
