import { isPublicAddress } from './target-address.js';

/** What a deployment allows webhooks to reach beyond public `https` addresses. */
export interface TargetPolicy {
  /** `http:` as well as `https:` (WEBHOOK_ALLOW_HTTP=1). */
  readonly allowHttp: boolean;
  /** Loopback, private and link-local addresses too (WEBHOOK_ALLOW_PRIVATE_TARGETS=1). */
  readonly allowPrivate: boolean;
}

export const MAX_URL_LENGTH = 2048;

/** Why a URL cannot take webhooks, in words for the caller. */
export interface TargetRefusal {
  /** The contract's detail code: the contract has no code of its own for a refused address. */
  readonly code: 'INVALID_FORMAT' | 'TOO_LONG';
  readonly message: string;
}

/** A URL's host as an address when it is one (`[::1]` → `::1`), else null: a name to resolve. */
export const literalAddress = (hostname: string): string | null => {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return /^[\d.]+$/.test(bare) || bare.includes(':') ? bare : null;
};

/**
 * The checks a webhook URL must pass before anything is resolved: an absolute `https` URL (or
 * `http` where allowed) without credentials, and, when its host is an address, a public one. A
 * host name is checked again once resolved, at creation and at every delivery (DNS can change).
 */
export const targetRefusal = (text: string, policy: TargetPolicy): TargetRefusal | null => {
  if (text.length > MAX_URL_LENGTH)
    return { code: 'TOO_LONG', message: `must be at most ${MAX_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { code: 'INVALID_FORMAT', message: 'must be an absolute URL' };
  }
  const schemes = policy.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    return {
      code: 'INVALID_FORMAT',
      message: policy.allowHttp ? 'must be an http or https URL' : 'must be an https URL',
    };
  }
  if (url.username !== '' || url.password !== '') {
    return { code: 'INVALID_FORMAT', message: 'must not carry a user name or password' };
  }
  const address = literalAddress(url.hostname);
  if (address !== null && !policy.allowPrivate && !isPublicAddress(address)) return forbiddenTarget(address);
  if (address === null && !policy.allowPrivate && isLocalName(url.hostname))
    return forbiddenTarget(url.hostname);
  return null;
};

export const forbiddenTarget = (where: string): TargetRefusal => ({
  code: 'INVALID_FORMAT',
  message: `${where} is a loopback, private, link-local or reserved address; webhooks go to public addresses only`,
});

/** Names that only ever mean this machine or its network, refused before any lookup. */
const isLocalName = (hostname: string): boolean => {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name.endsWith('.internal')
  );
};
