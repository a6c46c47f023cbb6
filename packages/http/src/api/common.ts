/**
 * Schemas and error responses shared by every group, defined once so a code or a
 * parameter means one thing across the API and the OpenAPI document names it once.
 */
import { Schema } from "effect"
import { InvalidPhone } from "@quote/core/errors"
import {
  AdvisorNotFound,
  BranchNotFound,
  ClientNotFound,
  CompanyNotFound,
  EmptyPatch,
  PriceListNotFound,
  ProductNotFound,
  RouteNotFound
} from "@quote/core/resource-errors"
import { httpError } from "./error-envelope.ts"

export const Uuid = Schema.String.check(Schema.isUUID(undefined, { message: "must be a UUID" }))
  .annotate({ description: "A UUID" })

export const EmptyPatchResponse = httpError(EmptyPatch, 400, "The update names no field to change")
export const InvalidPhoneResponse = httpError(InvalidPhone, 400, "The phone number cannot be normalized to E.164")
export const CompanyNotFoundResponse = httpError(CompanyNotFound, 404, "The company does not exist or is inactive")
export const BranchNotFoundResponse = httpError(
  BranchNotFound,
  404,
  "The branch is missing, inactive, or not of the company in question"
)
export const ClientNotFoundResponse = httpError(
  ClientNotFound,
  404,
  "The client does not exist, is inactive, or is outside the caller's scope; `details.clientIds` lists unknown ids of a list"
)
export const PriceListNotFoundResponse = httpError(PriceListNotFound, 404, "No active price list has this id")
export const ProductNotFoundResponse = httpError(
  ProductNotFound,
  404,
  "Unknown, inactive or unpriced products; `details.skus` and `details.productIds` list them"
)
export const RouteNotFoundResponse = httpError(RouteNotFound, 404, "No active route has this id")
export const AdvisorNotFoundResponse = httpError(AdvisorNotFound, 404, "No active user with role advisor has this id")
