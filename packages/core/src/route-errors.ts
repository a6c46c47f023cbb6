/**
 * Errors of the routes part of the API (spec "Routes", "Errors"); the shared
 * resource errors live in `resource-errors.ts`.
 */
export { AdvisorNotFound, EmptyPatch, RouteNotFound } from "./resource-errors.ts"
