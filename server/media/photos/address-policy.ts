import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the photo fetcher may reach (issue 35 item 1, decision 122): a dealer's feed names
 * any URL it likes, so a fetch must not become a way into the server's own network. Only public
 * unicast addresses are reached; an operator may name hosts that are exempt (`PHOTO_FETCH_ALLOW_HOSTS`).
 */

const refusedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  refusedV4.addSubnet(network, prefix, 'ipv4');
}

/** Global unicast IPv6 is 2000::/3; inside it, these are not reachable hosts of their own. */
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments, Teredo among them (an IPv4 address inside)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (an IPv4 address inside)
] as const) {
  refusedV6.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`) address. */
function embeddedV4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match?.[1]) return match[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex?.[1] || !hex[2]) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Why an IP address may not be fetched from (private, loopback, link-local, unique-local, CGNAT,
 * multicast, documentation, reserved…), or null when it is a public unicast address.
 */
export function refusedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return refusedV4.check(address, 'ipv4') ? `${address} is not a public address` : null;
  if (family !== 6) return `${address} is not an IP address`;
  const inner = embeddedV4(address);
  if (inner) return refusedAddress(inner);
  if (!globalV6.check(address, 'ipv6') || refusedV6.check(address, 'ipv6')) {
    return `${address} is not a public address`;
  }
  return null;
}

/** A host an operator exempts from the address check, and whether plain http may reach it. */
export interface AllowedHost {
  host: string;
  /** Only this port when set. */
  port: string | null;
  http: boolean;
}

/**
 * Reads `PHOTO_FETCH_ALLOW_HOSTS`: comma-separated entries `host`, `host:port`, `http://host` or
 * `http://host:port`. A listed host may resolve to any address (a CDN inside the operator's network,
 * the tests' server on loopback); with `http://` it may also be fetched over plain http.
 */
export function parseAllowHosts(setting: string | undefined): AllowedHost[] {
  return (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const http = /^http:\/\//i.test(entry);
      const url = new URL(http || /^https:\/\//i.test(entry) ? entry : `https://${entry}`);
      if (url.pathname !== '/' || url.search || url.username) {
        throw new Error(`PHOTO_FETCH_ALLOW_HOSTS: ${entry} is not a host`);
      }
      return { host: url.hostname.toLowerCase(), port: url.port || null, http };
    });
}

/** The entry of `allowed` that names `url`'s host (and port, when the entry names one). */
export function allowedHostOf(url: URL, allowed: readonly AllowedHost[]): AllowedHost | null {
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'http:' ? '80' : '443');
  return allowed.find((entry) => entry.host === host && (entry.port === null || entry.port === port)) ?? null;
}
