// PLACEHOLDER (issue #24): replaced by the page's real implementation.
export const WebhooksPage = () => <section className="stack"><h1>/webhooks</h1></section>
