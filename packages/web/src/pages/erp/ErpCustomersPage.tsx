// PLACEHOLDER (issue #24): being written.
export const ErpCustomersPage = () => <section className="stack"><h1>ERP</h1></section>
