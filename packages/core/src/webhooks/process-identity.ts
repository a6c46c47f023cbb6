/**
 * The port naming this process among the service's processes: the webhook delivery
 * queue writes it into the leases it takes (`locked_by`), so an operator reading the
 * table can tell which host and process holds a delivery. The adapter reads the host
 * name and process id (`@quote/adapters/infra/process`).
 */
import * as Context from "effect/Context"

export class ProcessIdentity extends Context.Service<ProcessIdentity, {
  /** `<host>:<pid>`. */
  readonly name: string
}>()("@quote/core/ProcessIdentity") {}
