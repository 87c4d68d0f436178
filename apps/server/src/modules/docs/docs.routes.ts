import type { ModuleRoutes } from '../types';
import { openApiDocument } from '../../http/openapi';
import { renderDocsPage } from './docs.page';

/** The API document at /api/docs.json and a browsable page at /api/docs (DESIGN §4). */
export const docsRoutes: ModuleRoutes = {
  name: 'docs',
  root: (app, ctx) => {
    let doc: ReturnType<typeof openApiDocument> | null = null;
    const document = () => (doc ??= openApiDocument(ctx.routes, ctx.version));
    app.get('/api/docs.json', async () => document());
    app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(renderDocsPage(document())));
  },
};
