import { p } from '@mikro-orm/core';

/**
 * Column builders for the values every table stores the same way. Instants are epoch milliseconds
 * in a BIGINT (exact, sortable and identical on SQLite and PostgreSQL), money integer cents in a
 * BIGINT, each read as a JS number; wall-clock date-times `YYYY-MM-DD HH:MM:SS` text, which sorts
 * as time does.
 */
export const epochMillis = () => p.bigint('number');
export const cents = () => p.bigint('number');
/** A counter that may outgrow 32 bits (a user's change sequence), read as a JS number. */
export const counter = () => p.bigint('number');
export const wallClock = () => p.string().length(19);

/** The id every record table starts with. */
export const idColumn = () => p.integer().primary().autoincrement();
