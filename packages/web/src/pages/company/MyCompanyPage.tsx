// Placeholder until the page lands (issue #23): replaced by its real screen.
export const MyCompanyPage = () => <h1>MyCompanyPage</h1>
