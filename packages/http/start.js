// The entry of `npm start`. Plain JavaScript on purpose: it turns on Node's compile cache
// before any TypeScript module loads, so that the modules — main.ts included — are
// stripped of their types once and read back from the cache (in the OS temporary
// directory, keyed by each file's content) on later starts. Node then never loads its
// type stripper, a WASM module of ≈ 20 MB resident, and starts in about half the time
// (issue #15; docs/performance.md, "Process footprint").
//
// Before that, the web console is built when its build is missing or older than its
// sources (`console-build.js`; a walk of modification times otherwise).
import { enableCompileCache } from "node:module"
import { buildConsoleIfStale } from "./console-build.js"

buildConsoleIfStale()
enableCompileCache()
await import("./src/main.ts")
