import { messages } from "../i18n/messages.ts"

/** A polite "loading" line for screen readers and eyes alike. */
export const Loading = ({ label = messages.app.loading }: { readonly label?: string }) => (
  <p className="loading" role="status" aria-live="polite">{label}</p>
)
