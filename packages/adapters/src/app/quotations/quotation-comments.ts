/**
 * Comments on a quotation (CONTRACT.md "Admin panel actions"): written by an admin, the
 * quotation's advisor or a user of its company — exactly the users who can see the
 * quotation, so one `QuotationScope` decides both; anyone else gets `NOT_FOUND`.
 * `quotation.comment_added` is recorded by the database trigger of the INSERT.
 */
import { Context, Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { type Role, Role as RoleSchema, type SessionUser } from "@quote/core/access"
import { NotFound } from "@quote/core/errors/common"
import { type QuotationScope, scopeCondition } from "./quotation-scope.ts"

export interface QuotationComment {
  readonly id: string
  readonly text: string
  readonly createdAt: Date
  /** `null` once the author's user was deleted. */
  readonly author: { readonly id: string; readonly name: string; readonly role: Role } | null
}

const CommentRow = Schema.Struct({
  id: Schema.String,
  text: Schema.String,
  created_at: Schema.Date,
  author_id: Schema.NullOr(Schema.String),
  author_name: Schema.NullOr(Schema.String),
  author_role: Schema.NullOr(RoleSchema)
})
const decodeComments = Schema.decodeUnknownEffect(Schema.Array(CommentRow))

const toComment = (row: typeof CommentRow.Type): QuotationComment => ({
  id: row.id,
  text: row.text,
  createdAt: row.created_at,
  author: row.author_id === null || row.author_name === null || row.author_role === null
    ? null
    : { id: row.author_id, name: row.author_name, role: row.author_role }
})

const notFound = (id: string) => new NotFound({ message: "Quotation not found", details: { id } })

export class QuotationComments extends Context.Service<QuotationComments, {
  readonly add: (
    quotationId: string,
    author: SessionUser,
    scope: QuotationScope,
    text: string
  ) => Effect.Effect<QuotationComment, NotFound>
  /** The comments of a visible quotation, oldest first. */
  readonly list: (quotationId: string, scope: QuotationScope) => Effect.Effect<ReadonlyArray<QuotationComment>, NotFound>
}>()("@quote/adapters/QuotationComments") {
  static readonly layer = Layer.effect(
    QuotationComments,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const add = Effect.fn("QuotationComments.add")(function*(
        quotationId: string,
        author: SessionUser,
        scope: QuotationScope,
        text: string
      ) {
        // Inserting through the scoped SELECT checks visibility and writes in one statement.
        const [row] = yield* sql<{ readonly id: string; readonly created_at: Date }>`
          insert into quotation_comments (quotation_id, author_id, text)
          select q.id, ${author.id}::uuid, ${text} from quotations q
           where q.id = ${quotationId}::uuid and ${scopeCondition(sql, scope)}
          returning id, created_at`.pipe(Effect.orDie)
        if (row === undefined) return yield* notFound(quotationId)
        return {
          id: row.id,
          text,
          createdAt: row.created_at,
          author: { id: author.id, name: author.name, role: author.role }
        }
      })

      const list = Effect.fn("QuotationComments.list")(function*(quotationId: string, scope: QuotationScope) {
        const visible = yield* sql`
          select 1 from quotations q where q.id = ${quotationId}::uuid and ${scopeCondition(sql, scope)}`.pipe(
          Effect.orDie
        )
        if (visible.length === 0) return yield* notFound(quotationId)
        const rows = yield* sql`
          select m.id, m.text, m.created_at, u.id as author_id, u.name as author_name, u.role as author_role
            from quotation_comments m left join users u on u.id = m.author_id
           where m.quotation_id = ${quotationId}::uuid
           order by m.created_at, m.id`.pipe(Effect.flatMap(decodeComments), Effect.orDie)
        return rows.map(toComment)
      })

      return QuotationComments.of({ add, list })
    })
  )
}
