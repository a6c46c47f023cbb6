// PLACEHOLDER (issue #24): replaced by the page's real implementation.
export const RoutesPage = () => <section className="stack"><h1>/rutas</h1></section>
