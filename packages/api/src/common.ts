/**
 * Schemas shared by every group, defined once so a parameter means one thing across the
 * API and the OpenAPI document names it once.
 */
import { Schema } from "effect"

export const Uuid = Schema.String.check(Schema.isUUID(undefined, { message: "must be a UUID" }))
  .annotate({ description: "A UUID" })

