/**
 * Compressed copies of the console's text files. Each file is compressed at most once
 * per encoding, on first request, and kept (the build is a few hundred KB): Brotli at
 * quality 9 costs ≈ 20 ms for the largest chunk and lands within 8 % of quality 11, which
 * costs ≈ 300 ms; gzip for clients without Brotli. Both run on libuv's thread pool.
 */
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"

export type ContentEncoding = "br" | "gzip"

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

export const compress = (body: Uint8Array, encoding: ContentEncoding): Promise<Uint8Array> =>
  encoding === "br"
    ? brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length }
    })
    : gzipped(body, { level: 9 })

/** Media types worth compressing (text and the like; images and fonts already are). */
export const isCompressible = (contentType: string): boolean =>
  contentType.startsWith("text/") || /^application\/(?:json|manifest\+json|wasm)|^image\/svg\+xml/.test(contentType)

/** Below this a compressed copy saves less than a packet. */
export const minimumCompressedSize = 1024

/** The encoding to answer with, from `Accept-Encoding`: Brotli, else gzip, else none (`q=0` refuses one). */
export const preferredEncoding = (acceptEncoding: string | undefined): ContentEncoding | undefined => {
  if (acceptEncoding === undefined) return undefined
  const accepted = new Set<string>()
  for (const entry of acceptEncoding.split(",")) {
    const [name, ...parameters] = entry.trim().toLowerCase().split(";")
    const refused = parameters.some((parameter) => /^\s*q=0(?:\.0*)?\s*$/.test(parameter))
    if (name !== undefined && !refused) accepted.add(name.trim())
  }
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : undefined
}
