import { Link } from "@tanstack/react-router"
import { messages } from "../i18n/messages.ts"

export const NotFoundPage = () => (
  <main id="contenido" className="page stack narrow">
    <h1>{messages.notFound.title}</h1>
    <p>{messages.notFound.body}</p>
    <p><Link to="/" className="button secondary">{messages.notFound.goHome}</Link></p>
  </main>
)
