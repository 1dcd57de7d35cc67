import { BlockList, isIP } from 'node:net';

/* The block list the outbound client checks every resolved address against (SSRF), kept apart from the client. */

/** Why an address may not be called; only `public` is always allowed. */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'metadata'
  | 'multicast'
  | 'documentation'
  | 'benchmarking'
  | 'ipv4_translation'
  | 'reserved';

type Blocked = Exclude<AddressClass, 'public'>;

/**
 * IANA's IPv4 and IPv6 special-purpose registries, minus nothing a receiver could need. Order matters
 * only where ranges nest: the first match names the class (cloud metadata sits inside link-local and
 * private ranges). IPv4-mapped IPv6 (::ffff:0:0/96) is classified as the IPv4 address it carries.
 */
const RANGES: Array<[Blocked, string, number]> = [
  ['metadata', '169.254.169.254', 32],
  ['metadata', '169.254.170.2', 32],
  ['metadata', '100.100.100.200', 32],
  ['metadata', 'fd00:ec2::254', 128],
  // IPv4
  ['reserved', '0.0.0.0', 8], // "this network"
  ['private', '10.0.0.0', 8],
  ['private', '100.64.0.0', 10], // carrier-grade NAT
  ['loopback', '127.0.0.0', 8],
  ['link_local', '169.254.0.0', 16],
  ['private', '172.16.0.0', 12],
  ['reserved', '192.0.0.0', 24], // IETF protocol assignments
  ['documentation', '192.0.2.0', 24], // TEST-NET-1
  ['ipv4_translation', '192.88.99.0', 24], // 6to4 relay anycast
  ['private', '192.168.0.0', 16],
  ['benchmarking', '198.18.0.0', 15],
  ['documentation', '198.51.100.0', 24], // TEST-NET-2
  ['documentation', '203.0.113.0', 24], // TEST-NET-3
  ['multicast', '224.0.0.0', 4],
  ['reserved', '240.0.0.0', 4], // future use, and 255.255.255.255
  // IPv6
  ['loopback', '::1', 128],
  ['reserved', '::', 96], // unspecified, and the deprecated IPv4-compatible addresses
  ['ipv4_translation', '64:ff9b::', 96], // NAT64 well-known prefix: reaches any IPv4 host
  ['ipv4_translation', '64:ff9b:1::', 48], // NAT64 local use
  ['reserved', '100::', 64], // discard-only
  ['ipv4_translation', '2001::', 32], // Teredo
  ['benchmarking', '2001:2::', 48],
  ['reserved', '2001::', 23], // the rest of the IETF protocol assignments
  ['documentation', '2001:db8::', 32],
  ['ipv4_translation', '2002::', 16], // 6to4
  ['documentation', '3fff::', 20],
  ['reserved', '5f00::', 16], // SRv6 SIDs
  ['private', 'fc00::', 7], // unique local
  ['link_local', 'fe80::', 10],
  ['private', 'fec0::', 10], // deprecated site-local
  ['multicast', 'ff00::', 8],
];

const LISTS = RANGES.map(([cls, net, prefix]) => {
  const family = isIP(net) === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  list.addSubnet(net, prefix, family);
  return { cls, list, family } as const;
});

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, `::ffff:a00:1`) reaches, else null. */
export function mappedIpv4(address: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export function classifyAddress(address: string): AddressClass {
  const ip = mappedIpv4(address) ?? address;
  const version = isIP(ip);
  if (version === 0) return 'reserved';
  const family = version === 4 ? 'ipv4' : 'ipv6';
  for (const { cls, list, family: f } of LISTS) if (f === family && list.check(ip, family)) return cls;
  return 'public';
}
