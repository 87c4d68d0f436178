import { API_AUTH_PREFIX, hydraCollectionSchema, type ListQuery, type ListQueryOutput } from '@skillroom/contract';
import type { z } from 'zod';
import { collection, type PageInfo } from '../http/hydra';
import { listQuerystring } from '../http/route-schema';
import type { Principal } from '../plugins/auth';
import type { ApiScope } from './types';

/** What a list shows of each row, and what an item route answers with its @context. */
export type Resource = { '@id': string; '@type': string };

/** A paged list: what it is called in the document, its query declaration, how a page is read and each row shown. */
export interface ListRoute<L extends ListQuery<z.ZodType<PageInfo>>, Row> {
  summary: string;
  query: L;
  /** The contract's schema of one row as answered (the collection is declared of it). */
  schema: z.ZodType;
  /** `address`: the caller's, for lists whose reads go to the access log. */
  list(p: Principal, q: ListQueryOutput<L>, address: string): Promise<{ rows: Row[]; total: number }>;
  present(row: Row): Resource;
}

/**
 * `GET /<resources>`, one declaration for every list of the same form: the list's query read by its declaration
 * (http/route-schema.ts), a page of what the user may see answered as a Hydra collection with its page links.
 */
export function listRoute<L extends ListQuery<z.ZodType<PageInfo>>, Row>(app: ApiScope, resources: string, route: ListRoute<L, Row>) {
  app.get(
    `/${resources}`,
    {
      schema: {
        summary: route.summary,
        querystring: listQuerystring(route.query),
        response: { 200: hydraCollectionSchema(route.schema) },
      },
    },
    async (req) => {
      const { query: q, links } = req.query;
      const { rows, total } = await route.list(req.principal, q, req.ip);
      return collection(
        `${API_AUTH_PREFIX}/${resources}`,
        rows.map((r) => route.present(r)),
        total,
        q,
        links,
      );
    },
  );
}
