/**
 * What a back-office page does after a change it made (a client, a company, a branch, a
 * user): announce it in the page's status line and read again what it may have changed —
 * clients and companies show each other's figures, and a branch's route and advisor are
 * its clients' too.
 */
import { useQueryClient } from "@tanstack/react-query"
import { useCallback, useState } from "react"
import { clientKeys } from "../clients/client-queries.ts"
import { companyKeys } from "./company-queries.ts"

const noMoreKeys: ReadonlyArray<ReadonlyArray<string>> = []

/** `extraKeys`: what else the page's changes may change (a constant, not a new array each render). */
export const useBackOfficeChanges = (extraKeys: ReadonlyArray<ReadonlyArray<string>> = noMoreKeys) => {
  const queryClient = useQueryClient()
  const [announcement, setAnnouncement] = useState("")
  const changed = useCallback((message: string) => {
    setAnnouncement(message)
    for (const queryKey of [clientKeys.all, companyKeys.all, ...extraKeys]) void queryClient.invalidateQueries({ queryKey })
  }, [queryClient, extraKeys])
  return { announcement, changed }
}
