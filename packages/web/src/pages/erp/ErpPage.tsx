// PLACEHOLDER (issue #24): replaced by the page's real implementation.
export const ErpPage = () => <section className="stack"><h1>/erp</h1></section>
