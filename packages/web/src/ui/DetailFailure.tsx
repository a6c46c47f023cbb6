/**
 * A detail page that could not be shown: "no encontrado" for a missing (or malformed) id,
 * which asking again will not change, else the failure with "Reintentar". Both keep the
 * way back to the list.
 */
import type { ReactNode } from "react"
import { ApiFailure } from "../api/failure.ts"
import { messages } from "../i18n/messages.ts"
import { ErrorNotice } from "./ErrorNotice.tsx"

const isNotFound = (error: unknown) => error instanceof ApiFailure && (error.status === 404 || error.status === 400)

export const DetailFailure = ({ error, onRetry, back, notFound }: {
  readonly error: unknown
  readonly onRetry: () => void
  /** The link back to the list. */
  readonly back: ReactNode
  readonly notFound: { readonly title: string; readonly body: string }
}) =>
  isNotFound(error)
    ? (
      <section className="stack narrow">
        <h1>{notFound.title}</h1>
        <p>{notFound.body}</p>
        <p>{back}</p>
      </section>
    )
    : (
      <section className="stack">
        {back}
        <h1>{messages.errors.title}</h1>
        <ErrorNotice error={error} onRetry={onRetry} />
      </section>
    )
