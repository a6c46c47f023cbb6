/**
 * `POST /api/users`, black-box (spec "Users"): administrator creation (the role it must
 * give, advisor and client fields, a client's price list) and every validation error a
 * creation meets: password, e-mail and name, missing or inactive company, branch and
 * price list, a branch of another company, an e-mail in use (also concurrently).
 * Companies and branches are set up directly in the database, each test with its own.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { clientUserEmail, firstClientPriceList } from "@quote/adapters/dev/seed/scenario-data"
import { ValidationError } from "@quote/core/shared/errors"
import { PriceListId } from "@quote/core/shared/ids"
import {
  adminToken,
  clientRecordOf,
  count,
  createUser,
  listUsers,
  newAdvisor,
  newCompany,
  post,
  usersServer
} from "./support/users-fixtures.ts"
import { errorOf, expectError, SqlClient, uniqueEmail } from "./support/test-server.ts"

layer(usersServer)("users: creation and validation", (it) => {
  it.effect("no password is 400 MISSING_PASSWORD; a short one, a bad e-mail or a blank name is 400 VALIDATION_ERROR", () =>
    Effect.gen(function*() {
      expectError(yield* post({ name: "X", email: uniqueEmail("pw") }), 400, "MISSING_PASSWORD")
      expectError(yield* post({ name: "X", email: uniqueEmail("pw"), password: null }), 400, "MISSING_PASSWORD")
      const short = yield* post({ name: "X", email: uniqueEmail("pw"), password: "12345" })
      expectError(short, 400, "VALIDATION_ERROR")
      const issues = errorOf(short, ValidationError).details?.issues ?? []
      assert.deepStrictEqual(issues.map((issue) => issue.path.join(".")), ["payload.password"])
      expectError(yield* post({ name: "X", email: "not-an-email", password: "secret-123" }), 400, "VALIDATION_ERROR")
      expectError(yield* post({ name: "   ", email: uniqueEmail("pw"), password: "secret-123" }), 400, "VALIDATION_ERROR")
      expectError(yield* post({ name: "X", email: uniqueEmail("pw"), password: "secret-123", companyId: "nope" }), 400, "VALIDATION_ERROR")
    }))

  it.effect("an administrator must give the role (400 VALIDATION_ERROR) and may create any role", () =>
    Effect.gen(function*() {
      const token = yield* adminToken
      expectError(yield* post({ name: "X", email: uniqueEmail("admin"), password: "secret-123" }, token), 400, "VALIDATION_ERROR")
      const newAdmin = yield* createUser({ name: "Otro admin", email: uniqueEmail("admin"), password: "secret-123", role: "admin" }, token)
      assert.strictEqual(newAdmin.clientId, null)
      const advisor = yield* newAdvisor(token, 42)
      assert.strictEqual(advisor.clientId, null)
      assert.isUndefined(yield* clientRecordOf(advisor.id))
      const listed = (yield* listUsers(token, "advisor")).find((item) => item.id === advisor.id)!
      assert.strictEqual(listed.erpSellerId, 42)
      const inactive = yield* createUser({ name: "Inactivo", email: uniqueEmail("admin"), password: "secret-123", role: "advisor", active: false }, token)
      assert.isFalse((yield* listUsers(token)).find((item) => item.id === inactive.id)!.active)
    }))

  it.effect("erpSellerId is for advisors and priceListId for clients (400 VALIDATION_ERROR otherwise); erpSellerId must be > 0", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const token = yield* adminToken
      const [list] = yield* sql<{ id: string }>`select id from price_lists where name = ${firstClientPriceList}`
      const base = { name: "X", password: "secret-123" }
      expectError(yield* post({ ...base, email: uniqueEmail("f"), role: "client", erpSellerId: 5 }, token), 400, "VALIDATION_ERROR")
      expectError(yield* post({ ...base, email: uniqueEmail("f"), role: "advisor", priceListId: list!.id }, token), 400, "VALIDATION_ERROR")
      expectError(yield* post({ ...base, email: uniqueEmail("f"), role: "advisor", erpSellerId: 0 }, token), 400, "VALIDATION_ERROR")
      expectError(yield* post({ ...base, email: uniqueEmail("f"), role: "advisor", erpSellerId: 1.5 }, token), 400, "VALIDATION_ERROR")
    }))

  it.effect("an administrator may give a client a price list", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const token = yield* adminToken
      const place = yield* newCompany
      const [list] = yield* sql<{ id: string }>`select id from price_lists where name = ${firstClientPriceList}`
      const body = yield* createUser({
        name: "Con lista",
        email: uniqueEmail("lista"),
        password: "secret-123",
        role: "client",
        companyId: place.companyId,
        branchId: place.mainBranchId,
        priceListId: Schema.decodeSync(PriceListId)(list!.id)
      }, token)
      assert.strictEqual((yield* clientRecordOf(body.id))!.price_list_id, list!.id)
      const listed = (yield* listUsers(token, "client")).find((item) => item.id === body.id)!
      assert.strictEqual(listed.priceListName, firstClientPriceList)
      assert.strictEqual(listed.companyId, place.companyId)
      assert.strictEqual(listed.branchName, "Principal")
    }))

  it.effect("missing or inactive company, branch and price list are 404 with their codes; nothing is written", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const token = yield* adminToken
      const place = yield* newCompany
      const closed = yield* newCompany
      yield* sql`update companies set active = false where id = ${closed.companyId}`
      yield* sql`update branches set active = false where id = ${place.otherBranchId}`
      const [list] = yield* sql<{ id: string }>`insert into price_lists (name, active) values (${`Inactiva ${randomUUID()}`}, false) returning id`
      const before = yield* Effect.all([count("users"), count("clients"), count("email_outbox")])
      const base = { name: "X", password: "secret-123", role: "client" }
      const cases: ReadonlyArray<readonly [Record<string, unknown>, string]> = [
        [{ companyId: randomUUID() }, "COMPANY_NOT_FOUND"],
        [{ companyId: closed.companyId }, "COMPANY_NOT_FOUND"],
        [{ branchId: closed.mainBranchId }, "COMPANY_NOT_FOUND"],
        [{ companyId: place.companyId, branchId: randomUUID() }, "BRANCH_NOT_FOUND"],
        [{ companyId: place.companyId, branchId: place.otherBranchId }, "BRANCH_NOT_FOUND"],
        [{ companyId: place.companyId, priceListId: randomUUID() }, "PRICE_LIST_NOT_FOUND"],
        [{ companyId: place.companyId, priceListId: list!.id }, "PRICE_LIST_NOT_FOUND"]
      ]
      for (const [fields, code] of cases) {
        expectError(yield* post({ ...base, ...fields, email: uniqueEmail("ref") }, token), 404, code)
      }
      assert.deepStrictEqual(yield* Effect.all([count("users"), count("clients"), count("email_outbox")]), before)
    }))

  it.effect("a branch of another company is 400 BRANCH_COMPANY_MISMATCH", () =>
    Effect.gen(function*() {
      const place = yield* newCompany
      const other = yield* newCompany
      expectError(
        yield* post({ name: "X", email: uniqueEmail("mismatch"), password: "secret-123", companyId: place.companyId, branchId: other.mainBranchId }),
        400,
        "BRANCH_COMPANY_MISMATCH"
      )
    }))

  it.effect("an e-mail in use, in any case, is 409 DUPLICATE_EMAIL and leaves no client record or e-mail behind", () =>
    Effect.gen(function*() {
      const place = yield* newCompany
      const before = yield* Effect.all([count("users"), count("clients"), count("email_outbox")])
      const response = yield* post({
        name: "Duplicado",
        email: `  ${clientUserEmail.toUpperCase()} `,
        password: "secret-123",
        companyId: place.companyId,
        branchId: place.mainBranchId
      })
      expectError(response, 409, "DUPLICATE_EMAIL")
      assert.deepStrictEqual(yield* Effect.all([count("users"), count("clients"), count("email_outbox")]), before)
    }))

  it.effect("concurrent sign-ups with one e-mail: exactly one wins, the other is 409", () =>
    Effect.gen(function*() {
      const email = uniqueEmail("carrera")
      const responses = yield* Effect.all(
        [post({ name: "A", email, password: "secret-123" }), post({ name: "B", email: email.toUpperCase(), password: "secret-123" })],
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(responses.map((response) => response.status).sort(), [201, 409])
    }))
})
