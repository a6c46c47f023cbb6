/**
 * Comments on a quotation (CONTRACT.md "Admin panel actions"): written by an admin, the
 * quotation's advisor or a user of its company — exactly the users who can see the
 * quotation, so one `QuotationScope` decides both; anyone else gets `NOT_FOUND`.
 * `quotation.comment_added` is recorded by the database trigger of the INSERT.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import * as SqlClient from "effect/sql/SqlClient"
import type { SessionUser } from "@quote/core/auth/views"
import { NotFound } from "@quote/core/shared/errors"
import type { QuotationId } from "@quote/core/shared/ids"
import { QuotationComment } from "@quote/core/quotations/views"
import { quotationCommentSelect } from "./quotation-row.ts"
import { type QuotationScope, scopeCondition } from "./quotation-scope.ts"
import { decodedRows } from "../../infra/database/decoded-rows.ts"

const decodeComments = Schema.decodeUnknownEffect(Schema.Array(QuotationComment))

/** What the insert returns; the rest of the comment is the request's. */
const InsertedComment = QuotationComment.mapFields(Struct.pick(["id", "createdAt"]))

const notFound = (id: QuotationId) => new NotFound({ message: "Quotation not found", details: { id } })

export class QuotationComments extends Context.Service<QuotationComments, {
  readonly add: (
    quotationId: QuotationId,
    author: SessionUser,
    scope: QuotationScope,
    text: string
  ) => Effect.Effect<QuotationComment, NotFound>
  /** The comments of a visible quotation, oldest first. */
  readonly list: (quotationId: QuotationId, scope: QuotationScope) => Effect.Effect<ReadonlyArray<QuotationComment>, NotFound>
}>()("@quote/adapters/QuotationComments") {
  static readonly layer = Layer.effect(
    QuotationComments,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient

      const add = Effect.fn("QuotationComments.add")(function*(
        quotationId: QuotationId,
        author: SessionUser,
        scope: QuotationScope,
        text: string
      ) {
        // Inserting through the scoped SELECT checks visibility and writes in one statement.
        const [row] = yield* sql`
          insert into quotation_comments (quotation_id, author_id, text)
          select q.id, ${author.id}::uuid, ${text} from quotations q
           where q.id = ${quotationId}::uuid and ${scopeCondition(sql, scope)}
          returning id, created_at`.pipe(decodedRows(InsertedComment), Effect.orDie)
        if (row === undefined) return yield* notFound(quotationId)
        return {
          id: row.id,
          text,
          createdAt: row.createdAt,
          author: { id: author.id, name: author.name, role: author.role }
        }
      })

      const list = Effect.fn("QuotationComments.list")(function*(quotationId: QuotationId, scope: QuotationScope) {
        const visible = yield* sql`
          select 1 from quotations q where q.id = ${quotationId}::uuid and ${scopeCondition(sql, scope)}`.pipe(
          Effect.orDie
        )
        if (visible.length === 0) return yield* notFound(quotationId)
        return yield* sql`
          ${sql.literal(quotationCommentSelect)}
           where m.quotation_id = ${quotationId}::uuid
           order by m.created_at, m.id`.pipe(Effect.flatMap(decodeComments), Effect.orDie)
      })

      return QuotationComments.of({ add, list })
    })
  )
}
