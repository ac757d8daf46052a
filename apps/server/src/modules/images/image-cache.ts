/**
 * Bounded in-memory caches of the image proxy (process memory holds only caches that may be lost,
 * ARCHITECTURE.md §5): images least recently used first out, bounded by their total bytes;
 * failures remembered briefly (bounded by count) so a missing favicon is not fetched per view.
 */
export interface CachedImage {
  body: Buffer;
  contentType: string;
}

export class ImageLru {
  private readonly entries = new Map<string, CachedImage>();
  private total = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedImage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, value: CachedImage): void {
    if (value.body.length > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, value);
    this.total += value.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.body.length;
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.total -= old.body.length;
  }

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Recent failures by key, each for `ttlMs`, at most `maxEntries` (the oldest go first). */
export class FailureMemo<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  constructor(private readonly options: { ttlMs: number; maxEntries: number; now: () => number }) {}

  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until > this.options.now()) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.options.now() + this.options.ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.entries.delete(oldest);
    }
  }
}
