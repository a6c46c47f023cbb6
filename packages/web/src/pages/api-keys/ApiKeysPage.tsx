// PLACEHOLDER (issue #24): replaced by the page's real implementation.
export const ApiKeysPage = () => <section className="stack"><h1>/llaves</h1></section>
