/**
 * The role policy of user administration (spec "Users"): who may create which role,
 * which fields belong to which role, and what a role change clears.
 *
 * - Self-registration (no administrator's token) creates a `client`; asking for another
 *   role is `FORBIDDEN`. An administrator must say which role (`VALIDATION_ERROR`).
 * - Choosing a price list is an administrator's decision, never a self-registration's
 *   (`FORBIDDEN`).
 * - A new user needs a password (`MISSING_PASSWORD`).
 * - A price list only for clients, an ERP seller id only for advisors (`VALIDATION_ERROR`).
 * - An advisor's ERP seller id means nothing once the role changes: a role change to
 *   anything but `advisor` resets it.
 */
import * as Result from "effect/Result"
import { Forbidden } from "../auth/errors.ts"
import { ValidationError } from "../shared/errors.ts"
import { MissingPassword } from "./errors.ts"
import { type Role } from "../auth/access.ts"

/** The fields of a role that only some roles may carry. */
export interface RoleFields {
  readonly priceListId?: string | null | undefined
  readonly erpSellerId?: number | null | undefined
}

export interface NewUserRequest extends RoleFields {
  readonly role?: Role | undefined
  readonly password?: string | null | undefined
}

const invalid = (message: string, field: string) =>
  new ValidationError({ message, details: { issues: [{ path: ["payload", field], message }] } })

/** The role of a new user: `client` by self-registration; an administrator must name one. */
export const roleOfNewUser = (requested: Role | undefined, byAdmin: boolean): Result.Result<Role, Forbidden | ValidationError> => {
  if (byAdmin) {
    return requested === undefined
      ? Result.fail(invalid("role es obligatorio cuando un administrador crea un usuario", "role"))
      : Result.succeed(requested)
  }
  return requested === undefined || requested === "client"
    ? Result.succeed("client")
    : Result.fail(new Forbidden({ message: `Solo un administrador puede crear usuarios con el rol ${requested}` }))
}

/** Role-specific fields: a price list only for clients, an ERP seller id only for advisors. */
export const checkRoleFields = (role: Role, fields: RoleFields): Result.Result<void, ValidationError> => {
  if (role !== "client" && fields.priceListId != null) {
    return Result.fail(invalid("priceListId solo aplica a usuarios con rol client", "priceListId"))
  }
  if (role !== "advisor" && fields.erpSellerId != null) {
    return Result.fail(invalid("erpSellerId solo aplica a usuarios con rol advisor", "erpSellerId"))
  }
  return Result.void
}

/**
 * Everything a creation must satisfy before any lookup, in the order the errors are
 * reported: the role, the price list choice, the password, the role's fields. Gives the
 * new user's role and password.
 */
export const checkNewUser = (
  request: NewUserRequest,
  byAdmin: boolean
): Result.Result<{ readonly role: Role; readonly password: string }, Forbidden | ValidationError | MissingPassword> =>
  Result.flatMap(roleOfNewUser(request.role, byAdmin), (role): Result.Result<
    { readonly role: Role; readonly password: string },
    Forbidden | ValidationError | MissingPassword
  > => {
    if (!byAdmin && request.priceListId != null) {
      return Result.fail(new Forbidden({ message: "Solo un administrador puede asignar una lista de precios" }))
    }
    const password = request.password
    if (password == null) return Result.fail(new MissingPassword({ message: "La contraseña es obligatoria" }))
    return Result.map(checkRoleFields(role, request), () => ({ role, password }))
  })

/** Whether an update resets the ERP seller id: the role changes (is given) to anything but `advisor`. */
export const resetsErpSellerId = (requestedRole: Role | undefined): boolean =>
  requestedRole !== undefined && requestedRole !== "advisor"
