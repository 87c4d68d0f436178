import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** A name's addresses, as the system resolver gives them; tests give a fake one. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Whether an address is on the public internet: ipaddr.js names every special range (loopback, private, link-local
 * with the cloud metadata service at 169.254.169.254, CGNAT, multicast, unspecified, unique-local, and the IPv6 forms
 * that embed an IPv4 address: mapped, NAT64, 6to4, Teredo); only plain unicast is public.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

/** The host of a URL as an address when it is one (WHATWG URL has already turned 2130706433 or 0x7f.1 into 127.0.0.1). */
const literal = (hostname: string) => {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
};

/** How long registration waits for DNS before accepting the name as not resolving yet. */
const REGISTRATION_DNS_MS = 2000;

/** Names that are never on the internet, whatever a resolver says (RFC 6761, 8375, 6762). */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)\.?$/i;

/**
 * Why a push endpoint's host may not be called, or null: an address or a name that is or resolves to anything but
 * public addresses. A name that does not resolve yet is let through (it is checked again when sending).
 */
export async function refusedHost(endpoint: string, resolve: Resolver): Promise<string | null> {
  const { hostname } = new URL(endpoint);
  const ip = literal(hostname);
  if (ip) return isPublicAddress(ip) ? null : 'address';
  if (LOCAL_NAME.test(hostname)) return 'address';
  let found: { address: string }[];
  let timer: NodeJS.Timeout | undefined;
  try {
    // A resolver that hangs must not hold the request: an answer not had in time counts as "not resolving yet".
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('DNS timeout')), REGISTRATION_DNS_MS)));
    found = await Promise.race([resolve(hostname), late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
  return found.every((a) => isPublicAddress(a.address)) ? null : 'address';
}

const refusal = (hostname: string) =>
  Object.assign(new Error(`push endpoint host ${hostname} is not on a public address`), { code: 'EPUSHADDRESS' });

/**
 * A socket lookup that resolves once, checks every address, and hands the socket only checked ones, so the address
 * connected to is the address checked (a name cannot be switched to an inner address between check and connection).
 */
export function checkedLookup(resolve: Resolver, isAllowed: (address: string) => boolean = isPublicAddress): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        if (!found.length) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (!found.every((a) => isAllowed(a.address))) return callback(refusal(hostname), '', 0);
        if (options.all) return (callback as unknown as (e: null, a: typeof found) => void)(null, found);
        const wanted = found.find((a) => !options.family || a.family === options.family) ?? found[0]!;
        return callback(null, wanted.address, wanted.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/** Whether a URL's host is an address literal outside the public internet (the lookup is not asked for literals). */
export const refusedLiteral = (endpoint: string) => {
  const ip = literal(new URL(endpoint).hostname);
  return ip !== null && !isPublicAddress(ip);
};
