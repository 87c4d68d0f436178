import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisLink } from './redis-link';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
interface Store extends FastifyRateLimitStore {
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface StoreParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

// The plugin's own two stores (its package exports no entry for them, and they carry no types of their own).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: RedisLink['client'],
  nameSpace: string,
) => Store;

/**
 * A store for @fastify/rate-limit that counts in Redis while the link is up and in this instance's memory while it is
 * not, or when a command fails: a request is never refused with a 500 and never goes unlimited because of Redis
 * (the plugin's `skipOnError` would let it through unlimited). Each route has its own key space in both.
 */
export function sharedRateLimitStore(link: RedisLink): FastifyRateLimitStoreCtor {
  class SharedStore implements Store {
    constructor(
      params: StoreParams,
      private readonly shared: Store = new RedisStore(params.continueExceeding, params.exponentialBackoff, link.client, 'rate-limit:'),
      private readonly local: Store = new LocalStore(params.continueExceeding, params.exponentialBackoff),
    ) {}

    private pick(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      if (!link.up) return this.local[method](key, cb, timeWindow, max);
      this.shared[method](
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          link.report(err);
          this.local[method](key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.pick('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.pick('read', key, cb, timeWindow, max);
    }

    child(routeOptions: RouteOptions): Store {
      return new SharedStore(routeOptions as unknown as StoreParams, this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
