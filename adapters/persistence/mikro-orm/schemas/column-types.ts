import { BigIntType } from '@mikro-orm/core';

/**
 * Instants are stored as epoch milliseconds in a BIGINT: exact, sortable and identical on SQLite
 * and PostgreSQL. Money is stored as integer cents in a BIGINT.
 */
export const epochMillis = () => new BigIntType('number');
export const cents = () => new BigIntType('number');
