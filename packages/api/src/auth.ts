import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope, errorEnvelopes } from "./error-envelope.ts"
import { InvalidToken, InvalidCredentials, TooManyAttempts } from "@quote/core/errors/auth"
import { SessionGrant, SessionUser } from "@quote/core/views/auth"

const RefreshTokenBody = Schema.Struct({ refreshToken: Schema.String.check(Schema.isMinLength(1)) })

export class AuthApi extends HttpApiGroup.make("auth")
  .add(
    HttpApiEndpoint.post("login", "/login", {
      payload: Schema.Struct({
        email: Schema.String.check(Schema.isMinLength(1)),
        password: Schema.String.check(Schema.isMinLength(1))
      }),
      success: SessionGrant,
      error: errorEnvelopes(InvalidCredentials, TooManyAttempts)
    }).annotateMerge(access.public())
      .annotate(OpenApi.Description, "Access: public. 429 TOO_MANY_ATTEMPTS (with `Retry-After`) after too many failed logins for the e-mail or from the address, even with the right password (docs/security.md)."),
    HttpApiEndpoint.post("refresh", "/refresh", {
      payload: RefreshTokenBody,
      success: SessionGrant,
      error: errorEnvelope(InvalidToken)
    }).annotateMerge(access.public())
      .annotate(OpenApi.Description, "Access: public. Spends the refresh token and returns a new pair; reusing a spent token revokes every session of its user."),
    HttpApiEndpoint.post("logout", "/logout", {
      payload: RefreshTokenBody,
      success: HttpApiSchema.NoContent
    }).annotateMerge(access.public()),
    HttpApiEndpoint.get("me", "/me", { success: SessionUser })
      .middleware(UserAuthentication).annotateMerge(access.signedIn())
  )
  .prefix("/api/auth")
  .annotate(OpenApi.Title, "Sessions")
{}
