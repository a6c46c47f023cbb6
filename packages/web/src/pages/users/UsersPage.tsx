// PLACEHOLDER (issue #24): replaced by the page's real implementation.
export const UsersPage = () => <section className="stack"><h1>/usuarios</h1></section>
