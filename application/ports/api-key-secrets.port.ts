export interface GeneratedKey {
  /** Shown to the person once; never stored. */
  readonly plaintext: string;
  readonly digest: string;
  readonly displayPrefix: string;
}

/** Makes and digests API keys (randomness and hashing live in an adapter). */
export interface ApiKeySecrets {
  generate(): GeneratedKey;
  digest(plaintext: string): string;
}
