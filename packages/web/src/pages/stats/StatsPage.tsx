// PLACEHOLDER (issue #24): replaced by the page's real implementation.
export const StatsPage = () => <section className="stack"><h1>/estadisticas</h1></section>
