/**
 * "Mi empresa" (role client): the company's data, its active branches and its users,
 * changed through the my-company endpoints. Each change refetches the company and is
 * announced in the page's status line; a refusal (the last branch, the last user, one's
 * own user, a taken e-mail) is said in its dialog.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useCallback, useState } from "react"
import { messages } from "../../i18n/messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { myCompanyQuery, orderKeys } from "../order/order-queries.ts"
import { BranchesSection } from "./BranchesSection.tsx"
import { CompanyProfile } from "./CompanyProfile.tsx"
import { UsersSection } from "./UsersSection.tsx"

export const MyCompanyPage = () => {
  const company = useQuery(myCompanyQuery)
  const queryClient = useQueryClient()
  const [announcement, setAnnouncement] = useState("")

  const changed = useCallback((message: string) => {
    setAnnouncement(message)
    // The branches also feed "Hacer pedido"'s branch choice: both read this one query.
    void queryClient.invalidateQueries({ queryKey: orderKeys.myCompany, exact: true })
  }, [queryClient])

  return (
    <section className="stack">
      <h1>{messages.company.title}</h1>
      <div role="status" className={announcement === "" ? "status-line" : "status-line notice notice-success"}>
        {announcement !== "" && <p>{announcement}</p>}
      </div>
      {company.isPending
        ? <Loading />
        : company.isError
        ? <ErrorNotice error={company.error} onRetry={() => void company.refetch()} />
        : (
          <>
            <CompanyProfile company={company.data.company} />
            <BranchesSection branches={company.data.branches} onChanged={changed} />
            <UsersSection users={company.data.users} branches={company.data.branches} onChanged={changed} />
          </>
        )}
    </section>
  )
}
