// PLACEHOLDER (issue #24): replaced by the page's real implementation.
export const ClientPage = () => <section className="stack"><h1>/clientes/$clientId</h1></section>
