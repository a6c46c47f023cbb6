/**
 * The Content-Security-Policy of the `/docs` page: its two inline scripts (Scalar's
 * bundle and the call that renders the OpenAPI document) are allowed by their SHA-256,
 * nothing else runs; styles are Scalar's injected ones; requests only to this origin.
 * The page is the same for the life of the process, so the policy is computed once.
 */
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import { createHash } from "node:crypto"

const inlineScripts = /<script>([\s\S]*?)<\/script>/g

export const contentSecurityPolicyFor = (html: string): string => {
  const hashes = [...html.matchAll(inlineScripts)].map((match) =>
    `'sha256-${createHash("sha256").update(match[1], "utf8").digest("base64")}'`
  )
  return [
    "default-src 'none'",
    `script-src ${hashes.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'"
  ].join("; ")
}

let cached: { readonly body: unknown; readonly policy: string } | undefined

export const docsContentSecurityPolicy = (response: HttpServerResponse.HttpServerResponse): string | undefined => {
  const body = response.body
  if (cached !== undefined && cached.body === body) return cached.policy
  if (body._tag !== "Uint8Array") return undefined
  const policy = contentSecurityPolicyFor(new TextDecoder().decode(body.body))
  cached = { body, policy }
  return policy
}
