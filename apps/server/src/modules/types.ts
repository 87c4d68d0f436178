import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';

/** A scope whose routes are typed from their zod `schema` (params, querystring, body and answers). */
export type ApiScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Register = (app: ApiScope, ctx: AppContext) => void | Promise<void>;

/** A module's routes by scope: root paths, /api/public/v1 and /api/auth/v1 (bearer required). */
export interface ModuleRoutes {
  name: string;
  root?: Register;
  public?: Register;
  auth?: Register;
}
