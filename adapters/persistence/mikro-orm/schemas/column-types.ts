/**
 * Instants are stored as epoch milliseconds in a BIGINT: exact, sortable and identical on SQLite
 * and PostgreSQL. Money is stored as integer cents in a BIGINT. Each is read as a JS number: the
 * marker below, which `entity-schemas.ts` gives MikroORM as `BigIntType('number')`.
 */
export const BIGINT_AS_NUMBER = 'bigint as number';

export const epochMillis = () => BIGINT_AS_NUMBER;
export const cents = () => BIGINT_AS_NUMBER;
/** A counter that may outgrow 32 bits (a user's change sequence), read as a JS number. */
export const counter = () => BIGINT_AS_NUMBER;
