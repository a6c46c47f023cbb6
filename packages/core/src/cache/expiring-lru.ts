/**
 * A bounded in-memory map with per-entry expiry, for the API key verifier's caches.
 * Least recently used entries are evicted first once `capacity` is reached (a `Map`
 * keeps insertion order, and a read re-inserts the entry). Time is passed in by the
 * caller (from `Clock`), so tests can drive it.
 */
export class ExpiringLru<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>()
  readonly #capacity: number

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  /** The live value of `key` at `now`, marking it recently used; expired entries are dropped. */
  get(key: string, now: number): V | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    this.#entries.delete(key)
    if (entry.expiresAt <= now) return undefined
    this.#entries.set(key, entry)
    return entry.value
  }

  set(key: string, value: V, expiresAt: number): void {
    this.#entries.delete(key)
    this.#entries.set(key, { value, expiresAt })
    while (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next()
      if (oldest.done === true) break
      this.#entries.delete(oldest.value)
    }
  }

  delete(key: string): void {
    this.#entries.delete(key)
  }

  /** Applies `update` to every value for which `matches` holds (rare admin changes: a full scan is fine). */
  updateWhere(matches: (value: V) => boolean, update: (value: V) => V): void {
    for (const [key, entry] of this.#entries) {
      if (matches(entry.value)) this.#entries.set(key, { value: update(entry.value), expiresAt: entry.expiresAt })
    }
  }

  get size(): number {
    return this.#entries.size
  }
}
