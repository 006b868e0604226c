/**
 * Whether a webhook may be sent to an IP address: refused are the addresses a request from the
 * server could use to reach itself or its neighbours (SSRF) — loopback, private, carrier-grade NAT,
 * link-local (the cloud metadata services live there), unspecified, multicast and reserved ranges,
 * in IPv4 and IPv6, and IPv6 ranges that carry an IPv4 address (mapped, NAT64, 6to4) by the address
 * they carry; Teredo (2001::/32), whose client address is hidden, is refused whole.
 */
export const isPublicAddress = (address: string): boolean => {
  if (IPV4.test(address)) return isPublicV4(v4Octets(address));
  if (IPV6.test(address)) return isPublicV6(address);
  return false;
};

/** Addresses as resolvers and the URL parser write them (anything else is no address, and refused). */
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6 = /^[0-9a-f:]*:[0-9a-f:.]*(?:%.+)?$/i;

const v4Octets = (address: string): readonly number[] => address.split('.').map(Number);

/** `[first octet, second octet lower bound, upper bound]` of each refused IPv4 range (or a whole /8). */
const REFUSED_V4: readonly (readonly [number, number, number])[] = [
  [0, 0, 255], // this network
  [10, 0, 255], // private
  [100, 64, 127], // carrier-grade NAT
  [127, 0, 255], // loopback
  [169, 254, 254], // link-local, cloud metadata (169.254.169.254)
  [172, 16, 31], // private
  [192, 168, 168], // private
  [198, 18, 19], // benchmarking
];

const isPublicV4 = ([a = 0, b = 0, c = 0]: readonly number[]): boolean => {
  if (a >= 224) return false; // multicast, reserved, broadcast
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF protocol, documentation
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return false; // documentation
  return !REFUSED_V4.some(([first, low, high]) => a === first && b >= low && b <= high);
};

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail as two groups). */
const v6Groups = (address: string): number[] => {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail !== undefined) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Octets(tail);
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const front = parse(head);
  const back = rest === undefined ? [] : parse(rest);
  return [...front, ...Array.from({ length: 8 - front.length - back.length }, () => 0), ...back];
};

const isPublicV6 = (address: string): boolean => {
  const groups = v6Groups(address);
  // Not an address after all (two `::`, a group too long): refused like any non-address.
  if (groups.length !== 8 || groups.some((group) => !(group >= 0 && group <= 0xffff))) return false;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroUpTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  // Unspecified (::) and loopback (::1).
  if (zeroUpTo(7) && (g7 === 0 || g7 === 1)) return false;
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible: judged as the IPv4 address they carry.
  if (zeroUpTo(5) && (g5 === 0xffff || g5 === 0)) {
    return isPublicV4([g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff]);
  }
  // NAT64 (64:ff9b::/96) carries an IPv4 address too.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return isPublicV4([g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff]);
  }
  // 6to4 (2002::/16) carries an IPv4 address in its next 32 bits: judged as that address.
  if (g0 === 0x2002) return isPublicV4([g1 >> 8, g1 & 0xff, g2 >> 8, g2 & 0xff]);
  // NAT64's local-use prefix (64:ff9b:1::/48) carries one wherever its network puts it: refused.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return false;
  if ((g0 & 0xfe00) === 0xfc00) return false; // unique local (fc00::/7), incl. fd00:ec2::254
  if ((g0 & 0xffc0) === 0xfe80) return false; // link-local
  if ((g0 & 0xffc0) === 0xfec0) return false; // site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return false; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  if (g0 === 0x2001 && g1 < 0x200) return false; // Teredo, benchmarking, ORCHID and other IETF ranges
  return true;
};
