/**
 * Reading Postgres errors the same way on both drivers.
 *
 * `@effect/sql-pg` and our PGlite client both fail with `SqlError`, whose
 * `reason` is classified from the SQLSTATE (`UniqueViolation`, `ConstraintError`,
 * ...) and whose `reason.cause` is the driver's error object carrying the
 * Postgres fields (`code`, `constraint`, `detail`, `table`, `column`). These
 * helpers read those fields, so callers never look at a driver type.
 */
import * as Predicate from "effect/Predicate"
import {
  AuthenticationError,
  AuthorizationError,
  ConnectionError,
  ConstraintError,
  DeadlockError,
  isSqlError,
  LockTimeoutError,
  SerializationError,
  type SqlErrorReason,
  SqlSyntaxError,
  StatementTimeoutError,
  UniqueViolation,
  UnknownError
} from "effect/sql/SqlError"

/** SQLSTATE codes the application reacts to. */
export const SqlState = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  notNullViolation: "23502",
  checkViolation: "23514",
  exclusionViolation: "23P01",
  serializationFailure: "40001",
  deadlockDetected: "40P01",
  lockNotAvailable: "55P03",
  undefinedTable: "42P01"
} as const

const field = (error: unknown, name: string): string | undefined => {
  const cause = isSqlError(error) ? error.reason.cause : error
  if (!Predicate.hasProperty(cause, name)) return undefined
  const value = cause[name]
  return typeof value === "string" && value.length > 0 ? value : undefined
}

/** The five-character SQLSTATE of a failed statement, on either driver. */
export const sqlState = (error: unknown): string | undefined => field(error, "code")

/** The name of the violated constraint, when Postgres reports one. */
export const constraintName = (error: unknown): string | undefined => {
  if (isSqlError(error) && error.reason._tag === "UniqueViolation" && error.reason.constraint !== "unknown") {
    return error.reason.constraint
  }
  return field(error, "constraint")
}

/** Postgres' own message (sql-pg's `SqlError.message` is a generic "Query failed"). */
export const postgresMessage = (error: unknown): string | undefined => field(error, "message")

/** Postgres' DETAIL line, e.g. `Key (email)=(a@b.c) already exists.` */
export const errorDetail = (error: unknown): string | undefined => field(error, "detail")

const violates = (code: string) => (error: unknown, constraint?: string): boolean =>
  sqlState(error) === code && (constraint === undefined || constraintName(error) === constraint)

/**
 * A unique (or primary key) violation, optionally of one named constraint.
 *
 * ```ts
 * repo.insert(user).pipe(
 *   Effect.catchIf((e) => isUniqueViolation(e, "users_email_key"), () => new EmailTaken(...))
 * )
 * ```
 */
export const isUniqueViolation: (error: unknown, constraint?: string) => boolean = violates(SqlState.uniqueViolation)

/** A foreign key violation, optionally of one named constraint. */
export const isForeignKeyViolation: (error: unknown, constraint?: string) => boolean = violates(
  SqlState.foreignKeyViolation
)

/** A CHECK constraint violation, optionally of one named constraint. */
export const isCheckViolation: (error: unknown, constraint?: string) => boolean = violates(SqlState.checkViolation)

/** A NOT NULL violation. */
export const isNotNullViolation = (error: unknown): boolean => sqlState(error) === SqlState.notNullViolation

/** A serialization failure or deadlock: the transaction may succeed if retried. */
export const isRetryableTransactionError = (error: unknown): boolean => {
  const code = sqlState(error)
  return code === SqlState.serializationFailure || code === SqlState.deadlockDetected
}

interface ReasonProps {
  readonly cause: unknown
  readonly message: string
  readonly operation: string
}

/**
 * Classifies a SQLSTATE into a `SqlErrorReason` exactly as `@effect/sql-pg`
 * does (its classifier is internal), so `SqlError.reason._tag` matches on both
 * drivers.
 */
export const classifySqlState = (
  code: string | undefined,
  constraint: string | undefined,
  props: ReasonProps
): SqlErrorReason => {
  if (code !== undefined) {
    if (code.startsWith("08")) return new ConnectionError(props)
    if (code.startsWith("28")) return new AuthenticationError(props)
    if (code === "42501") return new AuthorizationError(props)
    if (code.startsWith("42")) return new SqlSyntaxError(props)
    if (code === SqlState.uniqueViolation) {
      const name = constraint?.trim()
      return new UniqueViolation({ ...props, constraint: name === undefined || name === "" ? "unknown" : name })
    }
    if (code.startsWith("23")) return new ConstraintError(props)
    if (code === SqlState.deadlockDetected) return new DeadlockError(props)
    if (code === SqlState.serializationFailure) return new SerializationError(props)
    if (code === SqlState.lockNotAvailable) return new LockTimeoutError(props)
    if (code === "57014") return new StatementTimeoutError(props)
  }
  return new UnknownError(props)
}
