/**
 * The process and runtime metrics, computed from Node itself (the figures prom-client's
 * default metrics give, under the same names): CPU time, resident memory, the V8 heap,
 * event-loop delay and garbage-collection pauses. The event-loop and GC observers run
 * for the life of the server; everything else is read when `/metrics` is scraped.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Metric from "effect/Metric"
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks"

const processCpuUserSeconds = Metric.counter("process_cpu_user_seconds_total", {
  description: "User CPU time spent by the process in seconds",
  incremental: true
})
const processCpuSystemSeconds = Metric.counter("process_cpu_system_seconds_total", {
  description: "System CPU time spent by the process in seconds",
  incremental: true
})
const processStartTimeSeconds = Metric.gauge("process_start_time_seconds", {
  description: "Start time of the process since the Unix epoch in seconds"
})
const processResidentMemoryBytes = Metric.gauge("process_resident_memory_bytes", {
  description: "Resident memory size in bytes"
})
const heapTotalBytes = Metric.gauge("nodejs_heap_size_total_bytes", { description: "V8 heap committed in bytes" })
const heapUsedBytes = Metric.gauge("nodejs_heap_size_used_bytes", { description: "V8 heap used in bytes" })
const externalMemoryBytes = Metric.gauge("nodejs_external_memory_bytes", {
  description: "Memory of C++ objects bound to JavaScript (buffers, WASM memory) in bytes"
})
const eventLoopLagSeconds = Metric.gauge("nodejs_eventloop_lag_mean_seconds", {
  description: "Mean event-loop delay since the previous scrape in seconds"
})
const eventLoopLagP99Seconds = Metric.gauge("nodejs_eventloop_lag_p99_seconds", {
  description: "99th percentile of the event-loop delay since the previous scrape in seconds"
})
const eventLoopLagMaxSeconds = Metric.gauge("nodejs_eventloop_lag_max_seconds", {
  description: "Longest event-loop delay since the previous scrape in seconds"
})
const gcDurationSeconds = Metric.histogram("nodejs_gc_duration_seconds", {
  description: "Garbage-collection pauses by kind (minor, major, incremental, weakcb) in seconds",
  boundaries: [0.001, 0.01, 0.1, 1, 2, 5]
})
const nodeVersionInfo = Metric.gauge("nodejs_version_info", { description: "The Node.js version (label version)" })

const gcKinds = new Map<number, string>([
  [constants.NODE_PERFORMANCE_GC_MINOR, "minor"],
  [constants.NODE_PERFORMANCE_GC_MAJOR, "major"],
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL, "incremental"],
  [constants.NODE_PERFORMANCE_GC_WEAKCB, "weakcb"]
])
const gcSeries = new Map([...gcKinds.values()].map((kind) => [kind, Metric.withAttributes(gcDurationSeconds, { kind })]))

/** The default registry, for the GC observer's callback (outside any effect). */
const registry: Context.Context<never> = Context.empty()

export class RuntimeMetrics extends Context.Service<RuntimeMetrics, {
  /** Reads the process figures into the registry (at scrape time). */
  readonly sample: Effect.Effect<void>
}>()("@quote/http/RuntimeMetrics") {
  static readonly layer = Layer.effect(
    RuntimeMetrics,
    Effect.gen(function*() {
      const loopDelay = yield* Effect.acquireRelease(
        Effect.sync(() => {
          const histogram = monitorEventLoopDelay({ resolution: 20 })
          histogram.enable()
          return histogram
        }),
        (histogram) => Effect.sync(() => histogram.disable())
      )
      yield* Effect.acquireRelease(
        Effect.sync(() => {
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              // Node puts the collection's kind in the entry's `detail` (not in the DOM type).
              const detail = (entry as { readonly detail?: { readonly kind?: number } }).detail
              const kind = gcKinds.get(detail?.kind ?? -1) ?? "other"
              const series = gcSeries.get(kind) ?? Metric.withAttributes(gcDurationSeconds, { kind })
              series.updateUnsafe(entry.duration / 1000, registry)
            }
          })
          observer.observe({ entryTypes: ["gc"] })
          return observer
        }),
        (observer) => Effect.sync(() => observer.disconnect())
      )
      const startSeconds = (Date.now() - performance.now()) / 1000
      const version = Metric.withAttributes(nodeVersionInfo, { version: process.version })
      let cpuSeen = { user: 0, system: 0 }

      const sample = Effect.suspend(() => {
        const cpu = process.cpuUsage()
        const memory = process.memoryUsage()
        const userDelta = (cpu.user - cpuSeen.user) / 1e6
        const systemDelta = (cpu.system - cpuSeen.system) / 1e6
        cpuSeen = cpu
        const delayed = loopDelay.count > 0
        const figures = [
          Metric.update(processCpuUserSeconds, userDelta),
          Metric.update(processCpuSystemSeconds, systemDelta),
          Metric.update(processStartTimeSeconds, Math.round(startSeconds)),
          Metric.update(processResidentMemoryBytes, memory.rss),
          Metric.update(heapTotalBytes, memory.heapTotal),
          Metric.update(heapUsedBytes, memory.heapUsed),
          Metric.update(externalMemoryBytes, memory.external),
          Metric.update(eventLoopLagSeconds, delayed ? loopDelay.mean / 1e9 : 0),
          Metric.update(eventLoopLagP99Seconds, delayed ? loopDelay.percentile(99) / 1e9 : 0),
          Metric.update(eventLoopLagMaxSeconds, delayed ? loopDelay.max / 1e9 : 0),
          Metric.update(version, 1)
        ]
        loopDelay.reset()
        return Effect.all(figures, { discard: true })
      })

      return RuntimeMetrics.of({ sample })
    })
  )
}
