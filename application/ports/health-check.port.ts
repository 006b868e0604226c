/** Tells whether the storage answers, for the health probe. */
export interface HealthCheck {
  isHealthy(): Promise<boolean>;
}
