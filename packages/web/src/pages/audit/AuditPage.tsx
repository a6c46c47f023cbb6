// PLACEHOLDER (issue #24): replaced by the page's real implementation.
export const AuditPage = () => <section className="stack"><h1>/auditoria</h1></section>
