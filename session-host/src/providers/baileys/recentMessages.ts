import type { proto, WAMessage, WAMessageKey } from "@whiskeysockets/baileys";

/**
 * The last few hundred messages of one connection, by id. Quoting, reacting to and deleting a message need its
 * real key (fromMe, participant), and Baileys asks getMessage() for a message it must re-encrypt when a recipient
 * requests a retry. Bounded because media messages carry thumbnails; older ones fall back to a minimal key.
 */
export class RecentMessages {
  private readonly byId = new Map<string, WAMessage>();

  constructor(private readonly capacity = 300) {}

  remember(message: WAMessage): void {
    const id = message.key.id;
    if (!id) return;
    this.byId.delete(id);
    this.byId.set(id, message);
    if (this.byId.size > this.capacity) {
      const oldest = this.byId.keys().next().value;
      if (oldest !== undefined) this.byId.delete(oldest);
    }
  }

  get(id: string): WAMessage | undefined {
    return this.byId.get(id);
  }

  key(id: string): WAMessageKey | undefined {
    return this.byId.get(id)?.key;
  }

  /** Baileys' getMessage(): the content of a message it must send again. */
  content(key: WAMessageKey): proto.IMessage | undefined {
    return key.id ? (this.byId.get(key.id)?.message ?? undefined) : undefined;
  }
}

/** A set of ids that forgets them after `ttlMs`, bounded so that a flood cannot grow it without limit. */
export class ExpiringIds<V = true> {
  private readonly entries = new Map<string, { value: V; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
    private readonly now: () => number,
  ) {}

  set(id: string, value: V): void {
    this.entries.delete(id);
    this.entries.set(id, { value, at: this.now() });
    this.prune();
  }

  get(id: string): V | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.ttlMs) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.value;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  delete(id: string): void {
    this.entries.delete(id);
  }

  private prune() {
    const now = this.now();
    // Insertion order is age order: drop from the front while expired or over capacity.
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= this.capacity && now - entry.at <= this.ttlMs) break;
      this.entries.delete(id);
    }
  }
}
