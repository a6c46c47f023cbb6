// Placeholder until the page lands (issue #23): replaced by its real screen.
export const QuotationDetailPage = () => <h1>QuotationDetailPage</h1>
