import { defineConfig } from "vitest/config"

// The workspace runs its packages from source: their `exports` point at `src` under the
// `quote-source` condition (and at the built `dist` for consumers). Workers and every
// process a test spawns (the server, the CLI) inherit this.
if (!(process.env.NODE_OPTIONS ?? "").includes("--conditions=quote-source")) {
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --conditions=quote-source`.trim()
}

const sourceConditions = ["quote-source", "module", "node", "development|production"]

export default defineConfig({
  // Vite resolves the workspace packages itself (they are linked, not installed); the
  // rest is Vite's default for server code.
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions } },
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
