// PLACEHOLDER (issue #24): replaced by the page's real implementation.
export const CompaniesPage = () => <section className="stack"><h1>/empresas</h1></section>
