// The receiver's optional allow-list: the addresses (CIDRs) the marketplace sends from. node:net's
// BlockList does the matching (IPv4 and IPv6); an IPv4 peer seen on a dual-stack socket as
// ::ffff:a.b.c.d is matched as the IPv4 address it is.
import { BlockList, isIP } from 'node:net';

export interface AllowList {
  allows(address: string | undefined): boolean;
  /** The CIDRs as given, for the start-up line. */
  readonly text: string;
}

/** Parses "203.0.113.0/24,2001:db8::/32,198.51.100.7"; throws a sentence naming the bad entry. */
export function parseAllowList(text: string): AllowList {
  const list = new BlockList();
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) throw new Error('The allow-list is empty: give CIDRs such as 203.0.113.0/24, separated by commas, or leave the option out.');
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : Number(bits);
    if (family === 0 || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > max || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new Error(`"${entry}" in the allow-list is not an address or a CIDR; write it like 203.0.113.0/24 or 2001:db8::/32.`);
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return {
    text: entries.join(', '),
    allows(peer) {
      if (!peer) return false;
      const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(peer)?.[1];
      if (v4) return list.check(v4, 'ipv4');
      return list.check(peer, isIP(peer) === 6 ? 'ipv6' : 'ipv4');
    },
  };
}
