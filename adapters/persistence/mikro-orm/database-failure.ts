import { DatabaseUnavailableError } from '../../../application/shared/errors.js';

/**
 * PostgreSQL aborted the transaction to settle a race with another (a deadlock, a serialization
 * failure): nothing was wrong with it, and run again it may well pass.
 */
const RACE_CODES = ['40P01', '40001'];

/**
 * Driver error codes that mean "the database is not answering", not "the query is wrong"; a race
 * lost (after the unit of work's retries) is answered the same way, as worth retrying.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000', // connection_exception
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  '57014', // query_canceled: the statement outlived statement_timeout
  ...RACE_CODES,
]);

/**
 * PostgreSQL's classes of failures of the server's own environment, not of the statement:
 * insufficient resources (53: a full disk, no memory) and system errors (58: an I/O error, a file
 * of its installation missing). The database cannot serve until they pass: 503, not a bug of ours.
 */
const SERVER_ENVIRONMENT = /^5[38][0-9A-Z]{3}$/;

/**
 * What `pg` and `pg-pool` say, without a code, when a connection is gone or never came: the server
 * went away mid-query, a pooled client broke earlier, or connecting timed out.
 */
const LOST_CONNECTION =
  /Connection terminated|connection is closed|encountered a connection error|Client was closed|timeout exceeded when trying to connect|Query read timeout/i;

/** The driver's code of `error` (a pg SQLSTATE, a SQLite or system code), if it carries one. */
export const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

/** Whether `error` (or what caused it) is PostgreSQL settling a race by aborting the transaction. */
export const lostRace = (error: unknown, depth = 0): boolean => {
  if (depth > 3 || typeof error !== 'object' || error === null) return false;
  const code = codeOf(error);
  if (typeof code === 'string' && RACE_CODES.includes(code)) return true;
  return 'cause' in error && lostRace(error.cause, depth + 1);
};

const isUnavailable = (error: unknown, depth = 0): boolean => {
  if (depth > 3 || typeof error !== 'object' || error === null) return false;
  const code = codeOf(error);
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || SERVER_ENVIRONMENT.test(code))) return true;
  const message = error instanceof Error ? error.message : '';
  if (LOST_CONNECTION.test(message)) return true;
  return 'cause' in error && isUnavailable(error.cause, depth + 1);
};

/** Wraps "database not answering" failures so the application can answer 503 instead of 500. */
export const classifyDatabaseFailure = (error: unknown): unknown =>
  isUnavailable(error) ? new DatabaseUnavailableError(error) : error;
