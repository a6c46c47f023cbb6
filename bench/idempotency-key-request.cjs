// autocannon `setupRequest` for its worker thread (workers need a file, not a function):
// every request gets a new Idempotency-Key, so each one creates a quotation, and, when the
// request lists `bodies` (mixed-traffic.ts), one of them at random as its body.
const { randomUUID } = require("node:crypto")

module.exports = (request) => ({
  ...request,
  ...(Array.isArray(request.bodies) ? { body: request.bodies[Math.floor(Math.random() * request.bodies.length)] } : {}),
  headers: { ...request.headers, "idempotency-key": randomUUID() }
})
