import { randomBytes } from 'node:crypto';
import type { WebhookSecrets } from '../../application/ports/webhook-delivery.port.js';

/** `whsec_` and 32 random bytes in base64, as Standard Webhooks libraries read them. */
export class CryptoWebhookSecrets implements WebhookSecrets {
  generate(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }
}
