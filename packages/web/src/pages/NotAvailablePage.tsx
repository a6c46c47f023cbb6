import { Link } from "@tanstack/react-router"
import { messages } from "../i18n/messages.ts"

/** What an advisor or admin sees on a page that only clients use. */
export const NotAvailablePage = () => (
  <section className="stack narrow">
    <h1>{messages.notAvailable.title}</h1>
    <p>{messages.notAvailable.body}</p>
    <p><Link to="/" className="button secondary">{messages.notAvailable.goHome}</Link></p>
  </section>
)
