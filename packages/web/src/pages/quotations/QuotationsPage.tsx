// Placeholder until the page lands (issue #23): replaced by its real screen.
export const QuotationsPage = () => <h1>QuotationsPage</h1>
