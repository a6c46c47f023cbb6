/**
 * The session answers (CONTRACT.md "Sessions"): the logged-in user behind a session
 * token, as loaded for each request and shown by `GET /api/auth/me`, and the grant of a
 * login or refresh. Declared once: the middleware's principal, the service's types, the
 * endpoints' schemas and the decoder of the rows the service reads.
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { Role } from "./access.ts"
import { BranchId, ClientId, CompanyId, UserId } from "../shared/ids.ts"

/** A user's company is its own or that of its branch; `clientId` is the record of a client login. */
export const SessionUser = Schema.Struct({
  id: UserId,
  name: Schema.String,
  email: Schema.String,
  role: Role,
  companyId: Schema.NullOr(CompanyId),
  branchId: Schema.NullOr(BranchId),
  clientId: Schema.NullOr(ClientId)
}).annotate({ identifier: "SessionUser" })
export type SessionUser = typeof SessionUser.Type

export const SessionGrant = Schema.Struct({
  accessToken: Schema.String,
  refreshToken: Schema.String,
  tokenType: Schema.Literal("Bearer"),
  expiresIn: Schema.Int.annotate({ description: "Seconds the access token lives" }),
  user: SessionUser
}).annotate({ identifier: "SessionGrant" })
export type SessionGrant = typeof SessionGrant.Type

/**
 * The web console's session (docs/security.md "The web console's session"): the grant
 * without its refresh token, which travels only in an HttpOnly cookie the page's script
 * cannot read.
 */
export const ConsoleSession = SessionGrant.mapFields(Struct.omit(["refreshToken"])).annotate({ identifier: "ConsoleSession" })
export type ConsoleSession = typeof ConsoleSession.Type
