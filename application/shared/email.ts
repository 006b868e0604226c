/**
 * "Shaped like an address": one @, a non-empty local part, a dotted domain, no spaces.
 * Deliverability is the mail system's business, not the API's.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const isEmailShaped = (text: string): boolean => EMAIL.test(text);
