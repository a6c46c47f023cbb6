// PLACEHOLDER (issue #24): being written.
export const ErpQuotesPage = () => <section className="stack"><h1>ERP</h1></section>
