/**
 * The `/docs` page (Scalar's API reference), built on its first request rather than at
 * start: Scalar's bundled script is a 3 MB module that costs ≈ 15 MB of heap once
 * loaded, which an idle server — or one nobody browses the docs of — should not carry
 * (issue #15, docs/performance.md). The page is then built once and kept, as before.
 */
import * as Effect from "effect/Effect"
import * as Scope from "effect/Scope"
import * as HttpRouter from "effect/http/HttpRouter"
import type * as HttpApi from "effect/http-api/HttpApi"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiScalar from "effect/http-api/HttpApiScalar"

export const lazyDocsRoute = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  options: { readonly path: `/${string}`; readonly scalar?: HttpApiScalar.ScalarConfig }
) =>
  HttpRouter.use(Effect.fnUntraced(function*(router) {
    const scope = yield* Effect.scope
    // A router of its own holding Scalar's route, built (and its script loaded) once.
    const docsApp = yield* Effect.cached(
      HttpRouter.toHttpEffect(HttpApiScalar.layer(api, options)).pipe(Effect.provideService(Scope.Scope, scope))
    )
    yield* router.add("GET", options.path, Effect.flatMap(docsApp, (app) => app))
  }))
