import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Branches } from "@quote/adapters/app/companies/branches"
import { Companies } from "@quote/adapters/app/companies/companies"
import { QuotationApi } from "@quote/api/api"
import { MaybeUser } from "@quote/api/security"
import { Company } from "@quote/core/companies/views"
import { jsonItemsStreamer } from "./support/json-items-stream.ts"

const companyList = jsonItemsStreamer(Company)

export const CompaniesHandlers = HttpApiBuilder.group(
  QuotationApi,
  "companies",
  Effect.fn(function*(handlers) {
    const companies = yield* Companies
    const branches = yield* Branches
    return handlers
      .handle("list", () => Effect.sync(() => companyList(companies.list())))
      .handle("create", ({ payload }) => companies.create(payload))
      .handle("update", ({ params, payload }) => companies.update(params.id, payload))
      .handle("remove", ({ params }) => companies.remove(params.id))
      .handle("createBranch", ({ params, payload }) =>
        Effect.flatMap(MaybeUser, (user) =>
          branches.create(params.id, payload, Option.exists(user, (u) => u.role === "admin"))))
      .handle("updateBranch", ({ params, payload }) => branches.update(params.id, params.branchId, payload))
      .handle("removeBranch", ({ params }) => branches.deactivate(params.id, params.branchId))
  })
)
