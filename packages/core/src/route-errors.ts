/**
 * Errors of the routes part of the API (spec "Routes", "Errors"). `EMPTY_PATCH` lives
 * here because route updates are the first to declare it; clients, companies and
 * branches reuse it.
 */
import { Schema } from "effect"
import { errorFields } from "./errors.ts"

/** An update whose body changes nothing (spec `400 EMPTY_PATCH`). */
export class EmptyPatch extends Schema.TaggedError<EmptyPatch>()("EmptyPatch", errorFields) {
  static readonly code = "EMPTY_PATCH"
}

/** A `routeId` that names no route, or an inactive one (the spec's `*_NOT_FOUND` family). */
export class RouteNotFound extends Schema.TaggedError<RouteNotFound>()("RouteNotFound", errorFields) {
  static readonly code = "ROUTE_NOT_FOUND"
}

/** An `advisorId` that names no active user with role advisor (the spec's `*_NOT_FOUND` family). */
export class AdvisorNotFound extends Schema.TaggedError<AdvisorNotFound>()("AdvisorNotFound", errorFields) {
  static readonly code = "ADVISOR_NOT_FOUND"
}
