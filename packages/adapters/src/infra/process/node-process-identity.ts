/** `ProcessIdentity` from the host name and the process id. */
import * as Layer from "effect/Layer"
import { hostname } from "node:os"
import { ProcessIdentity } from "@quote/core/webhooks/process-identity"

export const NodeProcessIdentity = Layer.sync(ProcessIdentity, () => ProcessIdentity.of({ name: `${hostname()}:${process.pid}` }))
