import { fileAnswerSchema, jsonAnswerSchema } from '@skillroom/contract';
import type { ModuleRoutes } from '../types';
import { renderDocsPage, type ApiDocument } from './docs.page';

/** The API document at /api/docs.json (made by @fastify/swagger, http/api-document.ts) and a browsable page at /api/docs. */
export const docsRoutes: ModuleRoutes = {
  name: 'docs',
  root: (app) => {
    const document = () => app.swagger() as unknown as ApiDocument;
    app.get('/api/docs.json', { schema: { summary: 'This document (OpenAPI 3.1)', response: { 200: jsonAnswerSchema } } }, async () =>
      document(),
    );
    app.get(
      '/api/docs',
      { schema: { summary: 'This document as a page', produces: ['text/html'], response: { 200: fileAnswerSchema('HTML page') } } },
      async (_req, reply) => reply.type('text/html; charset=utf-8').send(renderDocsPage(document())),
    );
  },
};
