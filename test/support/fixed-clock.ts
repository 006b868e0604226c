import type { Clock } from '../../application/ports/clock.port.js';

/** A clock tests move by hand. */
export class FixedClock implements Clock {
  private current: Date;

  constructor(iso = '2026-03-10T12:00:00Z') {
    this.current = new Date(iso);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(iso: string): void {
    this.current = new Date(iso);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const DAY_MS = 86_400_000;
