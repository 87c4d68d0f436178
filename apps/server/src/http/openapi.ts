import type { z } from 'zod';
import type { ListQuery } from '@skillroom/contract';

/** What a route not yet declared with `schema` tells the API document about itself (route `config.doc`). */
export interface RouteDoc {
  summary?: string;
  body?: z.ZodType;
  /** A list's declared filters (`listQuery`): its parameters are written from them. */
  query?: ListQuery | z.ZodType;
  /** The answer's media type when it is not JSON-LD (the notification stream: `text/event-stream`). */
  produces?: string;
  /** Multipart upload instead of a JSON body. */
  multipart?: Record<string, string>;
  tags?: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}
