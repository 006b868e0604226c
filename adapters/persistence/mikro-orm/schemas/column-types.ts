import { BigIntType } from '@mikro-orm/core';

/**
 * Instants are stored as epoch milliseconds in a BIGINT: exact, sortable and identical on SQLite
 * and PostgreSQL. Money is stored as integer cents in a BIGINT.
 */
export const epochMillis = () => new BigIntType('number');
export const cents = () => new BigIntType('number');
/** A counter that may outgrow 32 bits (a user's change sequence), read as a JS number. */
export const counter = () => new BigIntType('number');
