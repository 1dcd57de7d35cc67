import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import type { Mode } from '../../config';

/** Address classes a receiver may not resolve to (SSRF): only `public` is always allowed. */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'reserved';

const RANGES: Array<[Exclude<AddressClass, 'public'>, string, number, 'ipv4' | 'ipv6']> = [
  // Cloud metadata endpoints first: they sit inside link-local and private ranges.
  ['metadata', '169.254.169.254', 32, 'ipv4'],
  ['metadata', '169.254.170.2', 32, 'ipv4'],
  ['metadata', '100.100.100.200', 32, 'ipv4'],
  ['metadata', 'fd00:ec2::254', 128, 'ipv6'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['loopback', '::1', 128, 'ipv6'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['private', '100.64.0.0', 10, 'ipv4'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['link_local', '169.254.0.0', 16, 'ipv4'],
  ['link_local', 'fe80::', 10, 'ipv6'],
  ['reserved', '0.0.0.0', 8, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '224.0.0.0', 3, 'ipv4'],
  ['reserved', '::', 128, 'ipv6'],
  ['reserved', '64:ff9b::', 96, 'ipv6'],
  ['reserved', 'ff00::', 8, 'ipv6'],
];

const lists = RANGES.map(([cls, net, prefix, family]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, family);
  return { cls, list, family };
});

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1` or `::ffff:a00:1`) reaches the IPv4 host: that host is what counts. */
function mappedIpv4(address: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export function classifyAddress(address: string): AddressClass {
  const ip = mappedIpv4(address) ?? address;
  const family = isIP(ip) === 4 ? 'ipv4' : 'ipv6';
  for (const { cls, list, family: f } of lists) if (f === family && list.check(ip, family)) return cls;
  return 'public';
}

export interface ResolvedReceiver {
  url: URL;
  /** The checked address the connection must go to (no second DNS answer can swap it). */
  address: string;
  family: 4 | 6;
}

export class ReceiverRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ReceiverRefused';
  }
}

/**
 * Checks a receiver URL and resolves it: https only, and every resolved address public. In sandbox
 * mode a loopback receiver (http or https) is allowed so developers can receive on their machine.
 * Run at creation and again before every attempt, whose connection is pinned to the checked address.
 */
export async function resolveReceiver(raw: string, mode: Mode): Promise<ResolvedReceiver> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ReceiverRefused('not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ReceiverRefused('must be an https URL');
  if (url.username || url.password) throw new ReceiverRefused('must not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new ReceiverRefused(`host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new ReceiverRefused(`host ${host} does not resolve`);
  const classes = new Set(addresses.map((a) => classifyAddress(a.address)));
  const loopbackOnly = classes.size === 1 && classes.has('loopback');
  if (loopbackOnly && mode === 'sandbox') return { url, address: addresses[0].address, family: addresses[0].family as 4 | 6 };
  const refused = [...classes].find((c) => c !== 'public');
  if (refused) throw new ReceiverRefused(`must not resolve to a ${refused.replace('_', '-')} address`);
  if (url.protocol !== 'https:') throw new ReceiverRefused('must be an https URL');
  return { url, address: addresses[0].address, family: addresses[0].family as 4 | 6 };
}
