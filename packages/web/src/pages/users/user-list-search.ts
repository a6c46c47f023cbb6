/** The user list's state in the URL (`/usuarios?rol=advisor&buscar=ana&pagina=2`). */
import { searchPage, searchWords } from "../../ui/list-search.ts"

export const userRoles = ["admin", "advisor", "client"] as const
export type UserRoleFilter = (typeof userRoles)[number]

export const isUserRole = (value: unknown): value is UserRoleFilter => userRoles.some((role) => role === value)

export interface UserListSearch {
  readonly buscar?: string
  readonly pagina?: number
  readonly rol?: UserRoleFilter
}

export const userListSearch = (search: Record<string, unknown>): UserListSearch => {
  const buscar = searchWords(search.buscar)
  const pagina = searchPage(search.pagina)
  return {
    ...(buscar === undefined ? {} : { buscar }),
    ...(pagina === undefined ? {} : { pagina }),
    ...(isUserRole(search.rol) ? { rol: search.rol } : {})
  }
}
