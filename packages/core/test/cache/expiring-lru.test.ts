import { assert, describe, it } from "@effect/vitest"
import { ExpiringLru } from "../../src/cache/expiring-lru.ts"

describe("ExpiringLru", () => {
  it("returns live values and drops expired ones", () => {
    const cache = new ExpiringLru<number>(10)
    cache.set("a", 1, 100)
    assert.strictEqual(cache.get("a", 99), 1)
    assert.isUndefined(cache.get("a", 100), "expiry is exclusive")
    assert.strictEqual(cache.size, 0, "an expired entry is removed when read")
  })

  it("evicts the least recently used entry beyond capacity", () => {
    const cache = new ExpiringLru<number>(2)
    cache.set("a", 1, 1_000)
    cache.set("b", 2, 1_000)
    cache.get("a", 0)
    cache.set("c", 3, 1_000)
    assert.strictEqual(cache.get("a", 0), 1)
    assert.isUndefined(cache.get("b", 0), "b was the least recently used")
    assert.strictEqual(cache.get("c", 0), 3)
    assert.strictEqual(cache.size, 2)
  })

  it("updates matching values in place, keeping their expiry", () => {
    const cache = new ExpiringLru<{ id: string; n: number }>(10)
    cache.set("x", { id: "k1", n: 1 }, 50)
    cache.set("y", { id: "k2", n: 1 }, 50)
    cache.updateWhere((value) => value.id === "k1", (value) => ({ ...value, n: 2 }))
    assert.deepStrictEqual(cache.get("x", 0), { id: "k1", n: 2 })
    assert.deepStrictEqual(cache.get("y", 0), { id: "k2", n: 1 })
    assert.isUndefined(cache.get("x", 50))
  })
})
