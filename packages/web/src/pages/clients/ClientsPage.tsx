// PLACEHOLDER (issue #24): replaced by the page's real implementation.
export const ClientsPage = () => <section className="stack"><h1>/clientes</h1></section>
