import { BlockList, isIP } from 'node:net';

/** An allow-list entry that is neither an IP address nor a CIDR range. */
export class AllowListEntryError extends Error {
  readonly code = 'ALLOW_LIST_INVALID';
  constructor(readonly entry: string) {
    super(`allow list entries must be IP addresses or CIDR ranges such as 10.0.0.0/8, received ${JSON.stringify(entry)}`);
    this.name = 'AllowListEntryError';
  }
}

/** Default allow list: the loopback addresses, 127.0.0.2 and friends are off it on purpose. */
export const defaultAllowList = ['127.0.0.1', '::1', '::ffff:127.0.0.1'] as const;

const familyOf = (address: string): 'ipv4' | 'ipv6' | undefined =>
  isIP(address) === 4 ? 'ipv4' : isIP(address) === 6 ? 'ipv6' : undefined;

/** `::ffff:a.b.c.d` carries the IPv4 source of a dual-stack socket. */
function mappedIPv4(address: string): string | undefined {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m?.[1];
}

/**
 * Allow-list matcher: single addresses and CIDR ranges, IPv4 and IPv6. An IPv4-mapped IPv6
 * source is allowed when either its IPv6 or its IPv4 form is listed.
 * @see interface.md "Authentication" item 2, decisions.md D25
 */
export function allowListMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    const [net, prefix, ...rest] = entry.split('/');
    const family = familyOf(net ?? '');
    if (!family || rest.length > 0) throw new AllowListEntryError(raw);
    if (prefix === undefined) {
      list.addAddress(net!, family);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 'ipv4' ? 32 : 128)) throw new AllowListEntryError(raw);
    list.addSubnet(net!, bits, family);
  }
  return (address) => {
    if (!address) return false;
    const family = familyOf(address);
    if (!family) return false;
    if (list.check(address, family)) return true;
    const v4 = mappedIPv4(address);
    return v4 !== undefined && list.check(v4, 'ipv4');
  };
}
