import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
    // Builds the migrated database template once, before the workers start.
    globalSetup: ["packages/adapters/src/dev/test-database/global-setup.ts"],
    // PGlite costs ~1 GB while migrating: at most two workers on these 2-core machines.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000
  }
})
