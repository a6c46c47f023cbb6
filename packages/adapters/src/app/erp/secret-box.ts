/**
 * Encryption at rest of the ERP credentials (`erp_settings.access_key_encrypted`):
 * AES-256-GCM with a key derived by HKDF-SHA256 from `SESSION_SECRET`, so nothing
 * readable is stored and no extra secret has to be managed. Each value has its own
 * random IV; the purpose is bound as associated data, so a value sealed for one column
 * cannot be opened as another. Changing `SESSION_SECRET` makes stored values unreadable
 * (`open` answers `None`): the settings must then be entered again.
 */
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto"

const version = "v1"
const algorithm = "aes-256-gcm"

export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  readonly seal: (plaintext: string) => string
  readonly open: (sealed: string) => Option.Option<string>
}

export const makeSecretBox = (secret: Redacted.Redacted<string>, purpose: string): SecretBox => {
  const key = Buffer.from(hkdfSync("sha256", Redacted.value(secret), "quote-service/secret-box", purpose, 32))
  const aad = Buffer.from(purpose)
  return {
    seal: (plaintext) => {
      const iv = randomBytes(12)
      const cipher = createCipheriv(algorithm, key, iv).setAAD(aad)
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()])
      return [version, iv, cipher.getAuthTag(), ciphertext].map((part) =>
        typeof part === "string" ? part : part.toString("base64url")
      ).join(".")
    },
    open: (sealed) => {
      const [tag, iv, authTag, ciphertext] = sealed.split(".")
      if (tag !== version || iv === undefined || authTag === undefined || ciphertext === undefined) {
        return Option.none()
      }
      try {
        const decipher = createDecipheriv(algorithm, key, Buffer.from(iv, "base64url")).setAAD(aad)
        decipher.setAuthTag(Buffer.from(authTag, "base64url"))
        const plaintext = Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()])
        return Option.some(plaintext.toString("utf8"))
      } catch {
        // Wrong key (SESSION_SECRET changed) or tampered value.
        return Option.none()
      }
    }
  }
}

/** `********6789`: enough to recognize a key, never enough to use it. */
export const maskSecret = (value: string): string =>
  value.length >= 12 ? `********${value.slice(-4)}` : "********"
