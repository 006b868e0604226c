import { hash, randomInt } from 'node:crypto';
import type { ApiKeySecrets, GeneratedKey } from '../../application/ports/api-key-secrets.port.js';
import { API_KEY_PREFIX } from '../../domain/api-key/api-key.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 40 base62 characters: about 238 bits. */
const SECRET_LENGTH = 40;
const DISPLAY_LENGTH = API_KEY_PREFIX.length + 6;

export class CryptoApiKeySecrets implements ApiKeySecrets {
  generate(): GeneratedKey {
    let secret = '';
    // randomInt draws without modulo bias.
    for (let i = 0; i < SECRET_LENGTH; i += 1) secret += BASE62[randomInt(BASE62.length)];
    const plaintext = `${API_KEY_PREFIX}${secret}`;
    return { plaintext, digest: this.digest(plaintext), displayPrefix: plaintext.slice(0, DISPLAY_LENGTH) };
  }

  /** One-shot hashing: on every request, and without a Hash object to build. */
  digest(plaintext: string): string {
    return hash('sha256', plaintext, 'hex');
  }
}
