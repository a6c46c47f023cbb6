// PLACEHOLDER (issue #24): replaced by the page's real implementation.
export const CatalogPage = () => <section className="stack"><h1>/catalogo</h1></section>
