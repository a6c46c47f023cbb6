/**
 * OpenTelemetry export (issue #15): the real server process, started with the standard
 * `OTEL_*` variables, sends its traces and logs over OTLP/HTTP to a receiver in this test,
 * in both encodings: `http/protobuf` (the default) decoded with the official OTLP protobuf
 * definitions (the protobufjs root generated from opentelemetry-proto that
 * `@opentelemetry/otlp-transformer` 0.57 ships), and `http/json` (the OTLP JSON mapping
 * of the same definitions: hex ids, `resourceSpans[].scopeSpans[].spans[]`,
 * `resourceLogs[].scopeLogs[].logRecords[]`). Checked: the request's server span with its
 * route, status and request id; a service span (`Effect.fn`) as its child in the same
 * trace; the request's log line carrying the same request id and trace; the resource
 * and the export headers. Without the endpoint nothing is sent.
 */
import { spawn } from "node:child_process"
import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import otlpProto from "@opentelemetry/otlp-transformer/build/src/generated/root.js"
import { afterEach, describe, expect, it } from "vitest"
import { baseEnvironment, collect, freePort, root, serverEntry, waitForHealth } from "./support/server-process.ts"
import { checkedFetch } from "./support/contract-validation.ts"

interface AnyValue {
  readonly stringValue?: string
  readonly intValue?: string | number
  readonly boolValue?: boolean
}
interface KeyValue {
  readonly key: string
  readonly value: AnyValue
}
interface OtlpSpan {
  readonly traceId: string
  readonly spanId: string
  readonly parentSpanId?: string
  readonly name: string
  readonly kind: number
  readonly attributes: ReadonlyArray<KeyValue>
}
interface OtlpLogRecord {
  readonly traceId?: string
  readonly spanId?: string
  readonly body?: AnyValue
  readonly attributes: ReadonlyArray<KeyValue>
}
interface Resource {
  readonly attributes: ReadonlyArray<KeyValue>
}
interface TraceExport {
  readonly resourceSpans: ReadonlyArray<{ readonly resource: Resource; readonly scopeSpans: ReadonlyArray<{ readonly spans: ReadonlyArray<OtlpSpan> }> }>
}
interface LogsExport {
  readonly resourceLogs: ReadonlyArray<{ readonly resource: Resource; readonly scopeLogs: ReadonlyArray<{ readonly logRecords: ReadonlyArray<OtlpLogRecord> }> }>
}

interface Received {
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly raw: Buffer
}

const TRACE_REQUEST = "opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest"
const LOGS_REQUEST = "opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest"

/** Ids as the JSON mapping writes them (lowercase hex); an empty id is absent. */
const hexIds = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(hexIds)
  if (value === null || typeof value !== "object") return value
  return Object.fromEntries(Object.entries(value).flatMap(([key, field]): Array<[string, unknown]> => {
    if (field instanceof Uint8Array) return field.length === 0 ? [] : [[key, Buffer.from(field).toString("hex")]]
    return [[key, hexIds(field)]]
  }))
}

/** A message class of the generated static code (`decode`, `toObject`), by its full name. */
interface MessageType {
  readonly decode: (bytes: Uint8Array) => unknown
  readonly toObject: (message: unknown, options: Record<string, unknown>) => unknown
}
const messageType = (fullName: string): MessageType => {
  let node: unknown = otlpProto
  for (const part of fullName.split(".")) node = (node as Record<string, unknown>)[part]
  const type = node as Partial<MessageType> | undefined
  if (typeof type?.decode !== "function" || typeof type.toObject !== "function") throw new Error(`no message ${fullName}`)
  return type as MessageType
}

/** One export as the JSON mapping: parsed as JSON, or decoded with the official definitions. */
const exportBody = (entry: Received, protobufType: string): unknown => {
  if (String(entry.headers["content-type"]).includes("json")) return JSON.parse(entry.raw.toString("utf8"))
  const type = messageType(protobufType)
  return hexIds(type.toObject(type.decode(entry.raw), { longs: String, enums: Number, defaults: false, arrays: true }))
}

/** `SPAN_KIND_SERVER` in opentelemetry/proto/trace/v1/trace.proto. */
const SPAN_KIND_SERVER = 2

const valueOf = (attributes: ReadonlyArray<KeyValue>, key: string): string | number | boolean | undefined => {
  const value = attributes.find((attribute) => attribute.key === key)?.value
  if (value === undefined) return undefined
  return value.stringValue ?? (value.intValue === undefined ? value.boolValue : Number(value.intValue))
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/** An OTLP/HTTP receiver: records every export and answers 200 `{}`. */
const startReceiver = async () => {
  const received: Array<Received> = []
  const server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, raw: Buffer.concat(chunks) })
      response.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())))
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/** The server in `APP_ENV=test` on an in-memory database, with `extra` variables. */
const runServer = async (extra: NodeJS.ProcessEnv, requestId: string) => {
  const port = await freePort()
  const child = spawn(process.execPath, ["--conditions=quote-source", serverEntry], {
    cwd: root,
    env: {
      ...baseEnvironment(),
      APP_ENV: "test",
      DATABASE_URL: "memory://",
      SESSION_SECRET: "telemetry-test-session-secret-of-sufficient-length",
      PORT: String(port),
      ...extra
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  const output = collect(child)
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
  })
  expect(await waitForHealth(port, 60_000), output.output().stderr).toBe(true)
  const response = await checkedFetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-request-id": requestId },
    body: JSON.stringify({ email: "nobody@example.com", password: "not-the-password" })
  })
  // Stopping flushes the exporters' buffers (their shutdown), so no wait for an interval.
  child.kill("SIGTERM")
  const finished = await output.exited
  return { response, finished }
}

describe("OpenTelemetry export", () => {
  it.each([
    ["http/protobuf", "application/x-protobuf"],
    ["http/json", "application/json"]
  ])("exports the request's server span, its service spans and its logs over OTLP/HTTP (%s)", async (protocol, contentType) => {
    const receiver = await startReceiver()
    const requestId = `otel-test-request-${protocol.replace("/", "-")}`
    const { response, finished } = await runServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
      OTEL_SERVICE_NAME: "quotation-service-test",
      OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=ci,team=backend%20ops",
      OTEL_EXPORTER_OTLP_HEADERS: "x-collector-token=secret-1"
    }, requestId)
    expect(response.status).toBe(401)
    expect(response.headers.get("x-request-id")).toBe(requestId)
    expect([0, 130], finished.stderr).toContain(finished.code)

    const traces = receiver.received.filter((entry) => entry.path === "/v1/traces")
    const logs = receiver.received.filter((entry) => entry.path === "/v1/logs")
    expect(traces.length).toBeGreaterThan(0)
    expect(logs.length).toBeGreaterThan(0)
    for (const entry of [...traces, ...logs]) {
      expect(entry.headers["x-collector-token"]).toBe("secret-1")
      expect(entry.headers["content-type"]).toContain(contentType)
    }

    const resourceSpans = traces.flatMap((entry) => (exportBody(entry, TRACE_REQUEST) as TraceExport).resourceSpans)
    const resource = resourceSpans[0]!.resource
    expect(valueOf(resource.attributes, "service.name")).toBe("quotation-service-test")
    expect(valueOf(resource.attributes, "deployment.environment")).toBe("ci")
    expect(valueOf(resource.attributes, "team")).toBe("backend ops")

    const spans = resourceSpans.flatMap((entry) => entry.scopeSpans.flatMap((scope) => scope.spans))
    const server = spans.find((span) =>
      span.kind === SPAN_KIND_SERVER && valueOf(span.attributes, "http.request.id") === requestId
    )
    expect(server, JSON.stringify(spans.map((span) => span.name))).toBeDefined()
    expect(server!.traceId).toMatch(/^[0-9a-f]{32}$/)
    expect(server!.spanId).toMatch(/^[0-9a-f]{16}$/)
    expect(valueOf(server!.attributes, "http.route")).toBe("/api/auth/login")
    expect(valueOf(server!.attributes, "http.response.status_code")).toBe(401)
    expect(valueOf(server!.attributes, "http.request.method")).toBe("POST")

    const login = spans.find((span) => span.name === "Sessions.login" && span.traceId === server!.traceId)
    expect(login, "the Effect.fn span of the login service in the request's trace").toBeDefined()
    // Its ancestry leads to the server span (directly, or through the API's own spans).
    const byId = new Map(spans.map((span) => [span.spanId, span]))
    let ancestor: OtlpSpan | undefined = login
    while (ancestor !== undefined && ancestor.spanId !== server!.spanId) {
      ancestor = ancestor.parentSpanId === undefined ? undefined : byId.get(ancestor.parentSpanId)
    }
    expect(ancestor?.spanId).toBe(server!.spanId)

    const records = logs.flatMap((entry) =>
      (exportBody(entry, LOGS_REQUEST) as LogsExport).resourceLogs.flatMap((resourceLog) => resourceLog.scopeLogs.flatMap((scope) => scope.logRecords))
    )
    const requestLine = records.find((record) => valueOf(record.attributes, "requestId") === requestId)
    expect(requestLine, JSON.stringify(records.slice(0, 3))).toBeDefined()
    expect(requestLine!.traceId).toBe(server!.traceId)
    // The console line of the same request carries the same id.
    expect(finished.stdout).toContain(requestId)
  }, 120_000)

  it("sends nothing without OTEL_EXPORTER_OTLP_ENDPOINT", async () => {
    const receiver = await startReceiver()
    const { response, finished } = await runServer({ OTEL_SERVICE_NAME: "quotation-service-test" }, "otel-test-request-2")
    expect(response.status).toBe(401)
    expect([0, 130], finished.stderr).toContain(finished.code)
    expect(receiver.received).toEqual([])
  }, 120_000)
})
