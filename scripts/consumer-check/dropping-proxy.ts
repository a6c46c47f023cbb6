/**
 * A tiny HTTP proxy in front of the server that, when armed, lets the next quotation
 * creation reach the server (which commits it) and then cuts the caller's connection
 * instead of answering: the "answer lost in transit" a retrying client must survive
 * without ordering twice. It records every creation it forwarded.
 */
import { createServer, request, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

export interface ForwardedCreation {
  readonly status: number
  readonly body: { readonly id?: string; readonly replayed?: boolean }
  readonly dropped: boolean
}

const CREATE_PATH = "/api/integrations/quotations"

const readAll = (stream: NodeJS.ReadableStream) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Array<Buffer> = []
    stream.on("data", (chunk: Buffer) => chunks.push(chunk))
    stream.on("end", () => resolve(Buffer.concat(chunks)))
    stream.on("error", reject)
  })

/** The upstream answer's headers, minus the hop-by-hop ones (the body is sent whole). */
const forwardedHeaders = (headers: IncomingHttpHeaders) => {
  const { connection: _connection, "keep-alive": _keepAlive, "transfer-encoding": _encoding, ...rest } = headers
  return rest
}

export const startDroppingProxy = async (target: URL) => {
  let armed = false
  const creations: Array<ForwardedCreation> = []
  const server = createServer(async (incoming, outgoing) => {
    const body = await readAll(incoming)
    const upstream = request({
      host: target.hostname,
      port: target.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers
    })
    upstream.on("error", () => outgoing.destroy())
    upstream.on("response", async (answer) => {
      const answerBody = await readAll(answer)
      if (incoming.method === "POST" && incoming.url === CREATE_PATH) {
        const dropped = armed
        armed = false
        creations.push({ status: answer.statusCode ?? 0, body: JSON.parse(answerBody.toString("utf8")), dropped })
        if (dropped) {
          incoming.socket.destroy()
          return
        }
      }
      outgoing.writeHead(answer.statusCode ?? 502, { ...forwardedHeaders(answer.headers), "content-length": answerBody.length })
      outgoing.end(answerBody)
    })
    upstream.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    /** Drop the answer of the next creation; returns the creations seen since. */
    armDrop: () => {
      armed = true
      creations.length = 0
      return creations
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
