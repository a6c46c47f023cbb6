import { assert, it } from "@effect/vitest"
import { Effect } from "effect"

it.effect("runs on node 24", () => Effect.sync(() => assert.isTrue(Number(process.versions.node.split(".")[0]) >= 24)))
