/**
 * The kinds of import file, in dependency order (a later kind refers to earlier ones:
 * branches to routes, clients to branches and price lists, promotions to clients), and
 * the summary an import reports per entity: created, updated, unchanged.
 */
export const IMPORT_KINDS = ["routes", "companies", "price-lists", "clients", "promotions"] as const
export type ImportKind = typeof IMPORT_KINDS[number]

export const isImportKind = (value: string): value is ImportKind => (IMPORT_KINDS as ReadonlyArray<string>).includes(value)

export type ImportFormat = "csv" | "json"

/** The format of a file: the flag when given, else its extension (CSV by default). */
export const formatOf = (path: string, flag: ImportFormat | undefined): ImportFormat =>
  flag ?? (path.toLowerCase().endsWith(".json") ? "json" : "csv")

export interface EntityCounts {
  created: number
  updated: number
  unchanged: number
}

/** Counts by entity (`routes`, `companies`, `branches`, `clients`, `priceLists`, `promotions`). */
export type ImportCounts = Record<string, EntityCounts>

export const emptyCounts = (): EntityCounts => ({ created: 0, updated: 0, unchanged: 0 })

export const addCounts = (into: ImportCounts, from: ImportCounts): ImportCounts => {
  for (const [entity, counts] of Object.entries(from)) {
    const target = into[entity] ??= emptyCounts()
    target.created += counts.created
    target.updated += counts.updated
    target.unchanged += counts.unchanged
  }
  return into
}

/** `clients: created 0, updated 0, unchanged 3`, one line per entity. */
export const countsText = (counts: ImportCounts): Array<string> =>
  Object.entries(counts).map(([entity, c]) =>
    `${entity}: created ${c.created}, updated ${c.updated}, unchanged ${c.unchanged}`
  )
