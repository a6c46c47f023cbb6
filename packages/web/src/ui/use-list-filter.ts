/**
 * Changes one filter of the current list's URL (`buscar`, `asesor`, `rol`, …) and goes
 * back to its first page, replacing the history entry (typing a search does not stack up
 * entries for the back button).
 */
import { useNavigate } from "@tanstack/react-router"
import { useCallback } from "react"

export const useListFilter = () => {
  const navigate = useNavigate()
  return useCallback((key: string, value: string | undefined) =>
    void navigate({
      to: ".",
      search: (previous: Record<string, unknown>) => {
        const { pagina: _page, [key]: _previous, ...rest } = previous
        return value === undefined || value === "" ? rest : { ...rest, [key]: value }
      },
      replace: true
    }), [navigate])
}
