import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

type Register = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

/** A module's routes by scope: root paths, /api/public/v1 and /api/auth/v1 (bearer required). */
export interface ModuleRoutes {
  name: string;
  root?: Register;
  public?: Register;
  auth?: Register;
}
