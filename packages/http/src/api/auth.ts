import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { InvalidCredentials, Role } from "@quote/core/access"
import { httpError } from "./error-envelope.ts"
import { access, InvalidTokenResponse, UserAuthentication } from "./security.ts"

export const SessionUserJson = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  email: Schema.String,
  role: Role,
  companyId: Schema.NullOr(Schema.String),
  branchId: Schema.NullOr(Schema.String),
  clientId: Schema.NullOr(Schema.String)
}).annotate({ identifier: "SessionUser" })

export const SessionGrantJson = Schema.Struct({
  accessToken: Schema.String,
  refreshToken: Schema.String,
  tokenType: Schema.Literal("Bearer"),
  expiresIn: Schema.Int.annotate({ description: "Seconds the access token lives" }),
  user: SessionUserJson
}).annotate({ identifier: "SessionGrant" })

const RefreshTokenBody = Schema.Struct({ refreshToken: Schema.String.check(Schema.isMinLength(1)) })

export const InvalidCredentialsResponse = httpError(
  InvalidCredentials,
  401,
  "Unknown e-mail, wrong password or inactive user (indistinguishable on purpose)"
)

export class AuthApi extends HttpApiGroup.make("auth")
  .add(
    HttpApiEndpoint.post("login", "/login", {
      payload: Schema.Struct({
        email: Schema.String.check(Schema.isMinLength(1)),
        password: Schema.String.check(Schema.isMinLength(1))
      }),
      success: SessionGrantJson,
      error: InvalidCredentialsResponse
    }).annotateMerge(access.public()),
    HttpApiEndpoint.post("refresh", "/refresh", {
      payload: RefreshTokenBody,
      success: SessionGrantJson,
      error: InvalidTokenResponse
    }).annotateMerge(access.public())
      .annotate(OpenApi.Description, "Access: public. Spends the refresh token and returns a new pair; reusing a spent token revokes every session of its user."),
    HttpApiEndpoint.post("logout", "/logout", {
      payload: RefreshTokenBody,
      success: HttpApiSchema.NoContent
    }).annotateMerge(access.public()),
    HttpApiEndpoint.get("me", "/me", { success: SessionUserJson })
      .middleware(UserAuthentication).annotateMerge(access.signedIn())
  )
  .prefix("/api/auth")
  .annotate(OpenApi.Title, "Sessions")
{}
