/**
 * The two notifications of a new client-role user (spec "Users" rule 2): to the branch's
 * advisor ("new assigned client") and to the administrator ("new registration").
 * Spanish, plain text.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { BranchId } from "@quote/core/shared/ids"
import { address, administrator, type Notification } from "../mail/notification-outbox.ts"

export interface RegisteredClient {
  readonly name: string
  readonly email: string
  readonly companyName: string | null
  readonly branchId: BranchId | null
  readonly branchName: string | null
}

const AdvisorRow = Schema.Struct({ name: Schema.String, email: Schema.String })

/** The active advisor of a branch, if any. */
const branchAdvisor = Effect.fnUntraced(function*(branchId: BranchId | null) {
  if (branchId === null) return Option.none()
  const sql = yield* SqlClient.SqlClient
  return yield* SqlSchema.findOneOption({
    Request: BranchId,
    Result: AdvisorRow,
    execute: (id) =>
      sql`select u.name, u.email from branches b join users u on u.id = b.advisor_id and u.active
           where b.id = ${id}`
  })(branchId)
})

const describe = (client: RegisteredClient) =>
  [
    `Nombre: ${client.name}`,
    `Correo: ${client.email}`,
    `Empresa: ${client.companyName ?? "(sin empresa)"}`,
    `Sede: ${client.branchName ?? "(sin sede)"}`
  ].join("\n")

export const registrationEmails = Effect.fnUntraced(function*(client: RegisteredClient) {
  const advisor = yield* branchAdvisor(client.branchId)
  const notifications: ReadonlyArray<Notification> = [
    {
      kind: "new_assigned_client",
      to: address(Option.match(advisor, { onNone: () => null, onSome: (row) => row.email })),
      subject: `Nuevo cliente asignado: ${client.name}`,
      body: [
        `Hola ${Option.match(advisor, { onNone: () => "", onSome: (row) => row.name })},`,
        "",
        "Se te asignó un nuevo cliente:",
        describe(client)
      ].join("\n")
    },
    {
      kind: "new_registration",
      to: administrator,
      subject: `Nuevo registro de cliente: ${client.name}`,
      body: ["Se registró un nuevo usuario cliente:", describe(client)].join("\n")
    }
  ]
  return notifications
})
