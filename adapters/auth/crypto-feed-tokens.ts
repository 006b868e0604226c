import { hash, randomBytes } from 'node:crypto';
import type { FeedToken, FeedTokens } from '../../application/ports/calendar-feed.repository.js';

/** 32 random bytes: 256 bits, 43 base64url characters (CONTRACT §12 asks for at least 190). */
const TOKEN_BYTES = 32;

export class CryptoFeedTokens implements FeedTokens {
  generate(): FeedToken {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    return { token, digest: this.digest(token) };
  }

  digest(token: string): string {
    return hash('sha256', token, 'hex');
  }
}
