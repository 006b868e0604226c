import { hash, randomBytes } from 'node:crypto';
import type { FeedToken, FeedTokens } from '../../application/ports/calendar-feed.repository.js';

/** 32 random bytes: 256 bits, 43 base64url characters (CONTRACT §12 asks for at least 190). */
const TOKEN_BYTES = 32;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export class CryptoFeedTokens implements FeedTokens {
  generate(): FeedToken {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    return { token, digest: this.digest(token) };
  }

  wellFormed(token: string): boolean {
    return TOKEN.test(token);
  }

  digest(token: string): string {
    return hash('sha256', token, 'hex');
  }
}
