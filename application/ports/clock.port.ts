import { token } from './token.js';
export interface Clock {
  now(): Date;
}

export const CLOCK = token<Clock>('Clock');
