import { token } from './token.js';

/** Tells whether the storage answers, for the health probe. */
export interface HealthCheck {
  isHealthy(): Promise<boolean>;
}

export const HEALTH_CHECK = token<HealthCheck>('HealthCheck');
