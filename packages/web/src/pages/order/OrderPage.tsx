// Placeholder until the page lands (issue #23): replaced by its real screen.
export const OrderPage = () => <h1>OrderPage</h1>
