// autocannon `setupRequest` for its worker thread (workers need a file, not a function):
// every request gets a new Idempotency-Key, so each one creates a quotation.
const { randomUUID } = require("node:crypto")

module.exports = (request) => ({ ...request, headers: { ...request.headers, "idempotency-key": randomUUID() } })
