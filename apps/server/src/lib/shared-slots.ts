import crypto from 'node:crypto';
import { PerUserSlots } from './per-user-slots';
import type { RedisLink } from './redis-link';

/** A slot held by an instance that died is free again after this long: the holder renews it while it works. */
export const SLOT_LEASE_MS = 60_000;

// A sorted set per user and kind: a member per slot held, scored by when its lease ends (Redis's clock, so instances
// whose clocks differ agree). Expired members are dropped before counting; all of it in one script, so two instances
// taking the last slot at once cannot both get it.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[1]), ARGV[2]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1`;

interface SlotCommands {
  slotTake(key: string, max: number, leaseMs: number, member: string): Promise<number>;
  slotRenew(key: string, leaseMs: number, member: string): Promise<number>;
}

/** Gives the slot back; awaited where the next take may follow at once (it answers once Redis has it). */
export type Release = () => void | Promise<void>;

/**
 * At most `max` things of a kind at a time per user (uploads, exports): across every instance while Redis is up,
 * else on this instance alone (`PerUserSlots`), so Redis going away never lifts the limit nor fails the request.
 * `take` answers null when the user holds them all; a taken slot is given back with the function it returns.
 */
export class SharedSlots {
  private readonly local: PerUserSlots;
  private readonly renewals = new Set<NodeJS.Timeout>();

  constructor(
    private readonly kind: string,
    private readonly max: number,
    private readonly link: RedisLink | null,
    private readonly leaseMs = SLOT_LEASE_MS,
  ) {
    this.local = new PerUserSlots(max);
    const client = link?.client;
    if (client && !('slotTake' in client)) {
      client.defineCommand('slotTake', { numberOfKeys: 1, lua: TAKE });
      client.defineCommand('slotRenew', { numberOfKeys: 1, lua: RENEW });
    }
  }

  async take(userId: number): Promise<Release | null> {
    if (!this.link?.up) return this.local.take(userId);
    const redis = this.link.client as unknown as SlotCommands;
    const key = `slots:${this.kind}:${userId}`;
    const member = crypto.randomUUID();
    try {
      if ((await redis.slotTake(key, this.max, this.leaseMs, member)) !== 1) return null;
    } catch (err) {
      this.link.report(err);
      return this.local.take(userId);
    }
    const renewal = setInterval(() => void redis.slotRenew(key, this.leaseMs, member).catch(() => {}), this.leaseMs / 3);
    renewal.unref();
    this.renewals.add(renewal);
    let given = false;
    return async () => {
      if (given) return;
      given = true;
      clearInterval(renewal);
      this.renewals.delete(renewal);
      // Redis away: the slot's lease ends by itself.
      await this.link!.client.zrem(key, member).catch(() => {});
    };
  }

  /** Stops renewing the slots held (a stopping instance); their leases then end as a dead instance's would. */
  stop() {
    for (const r of this.renewals) clearInterval(r);
    this.renewals.clear();
  }
}
