import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { WebhookTargets } from '../../application/ports/webhook-delivery.port.js';
import { isPublicAddress } from '../../domain/webhook/target-address.js';
import {
  forbiddenTarget,
  literalAddress,
  type TargetPolicy,
  type TargetRefusal,
  targetRefusal,
} from '../../domain/webhook/webhook-target.js';

/** The address a delivery connects to: the one that was checked, never a second lookup's. */
export interface ResolvedTarget {
  readonly url: URL;
  readonly address: string;
  readonly family: 4 | 6;
}

export const isRefusal = (value: ResolvedTarget | TargetRefusal): value is TargetRefusal => 'code' in value;

/**
 * The URL checked under the policy, its host resolved, and every address it resolves to checked:
 * one private address among public ones is refused too, so a name cannot alternate between them.
 */
export const resolveTarget = async (
  text: string,
  policy: TargetPolicy,
): Promise<ResolvedTarget | TargetRefusal> => {
  const refusal = targetRefusal(text, policy);
  if (refusal !== null) return refusal;
  const url = new URL(text);
  const literal = literalAddress(url.hostname);
  if (literal !== null) {
    const family = isIP(literal);
    return family === 0
      ? { code: 'INVALID_FORMAT', message: `${literal} is not an address` }
      : { url, address: literal, family: family === 6 ? 6 : 4 };
  }
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(url.hostname, { all: true, verbatim: true });
  } catch {
    return { code: 'INVALID_FORMAT', message: `${url.hostname} does not resolve` };
  }
  const first = addresses[0];
  if (first === undefined) return { code: 'INVALID_FORMAT', message: `${url.hostname} does not resolve` };
  if (!policy.allowPrivate) {
    const hidden = addresses.find(({ address }) => !isPublicAddress(address));
    if (hidden !== undefined) return forbiddenTarget(`${url.hostname} (${hidden.address})`);
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
};

/** Subscriptions' URLs checked at creation as they are at every delivery. */
export class DnsWebhookTargets implements WebhookTargets {
  constructor(private readonly policy: TargetPolicy) {}

  async refusal(url: string): Promise<TargetRefusal | null> {
    const resolved = await resolveTarget(url, this.policy);
    return isRefusal(resolved) ? resolved : null;
  }
}
