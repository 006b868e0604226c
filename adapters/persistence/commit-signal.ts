/**
 * Tells listeners that a write committed changes (the webhook worker wakes on it instead of waiting
 * for its next look). Listeners run after the commit, synchronously, and must not throw or block.
 */
export class CommitSignal {
  private readonly listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  committed(): void {
    for (const listener of this.listeners) listener();
  }
}
