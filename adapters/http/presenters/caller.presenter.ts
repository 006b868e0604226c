import type { Caller } from '../../../application/users/describe-caller.use-case.js';
import { serverInstant } from './wire-values.js';

/** `GET /v1/me`: the user, and what the key may do and until when; never its digest. */
export const presentCaller = ({ user, key }: Caller) => ({
  user: { id: user.id, name: user.name, timezone: user.timezone },
  key:
    key === null
      ? null
      : {
          id: key.id,
          display_prefix: key.displayPrefix,
          scopes: [...key.scopes],
          created_at: serverInstant(key.createdAt),
          expires_at: key.expiresAt === null ? null : serverInstant(key.expiresAt),
        },
});
