/**
 * The audit trail's filters — action, kind of record, the record's id, author, and a
 * range of days — each applied at once into the URL (back to the newest entries).
 */
import { useQuery } from "@tanstack/react-query"
import { Link, useNavigate } from "@tanstack/react-router"
import { auditMessages } from "../../i18n/operations-messages.ts"
import { messages } from "../../i18n/messages.ts"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { SearchBox } from "../../ui/SearchBox.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import { actorsQuery } from "./audit-queries.ts"
import { type AuditSearch, isFiltered } from "./audit-search.ts"

const text = auditMessages
/** The "no filter" choice of a select (no action, type or id looks like it). */
const all = "*"

/** A select over a catalogue of names, keeping a value from the URL the catalogue lacks. */
const CatalogueSelect = ({ label, allLabel, names, value, onChange }: {
  readonly label: string
  readonly allLabel: string
  readonly names: Readonly<Record<string, string>>
  readonly value: string | undefined
  readonly onChange: (value: string | undefined) => void
}) => (
  <NativeSelect
    className="filter"
    label={label}
    options={[
      { id: all, label: allLabel },
      ...Object.entries(names).map(([id, name]) => ({ id, label: name })),
      ...(value === undefined || value in names ? [] : [{ id: value, label: value }])
    ]}
    value={value ?? all}
    onChange={(id) => onChange(id === all ? undefined : id)}
  />
)

const roleName = (role: string | undefined): string =>
  role === "admin" || role === "advisor" || role === "client" ? messages.roles[role] : ""

export const AuditFilters = ({ search }: { readonly search: AuditSearch }) => {
  const navigate = useNavigate()
  // A new filter starts again from the newest entries (the cursor goes); typing does not stack history entries.
  const set = (key: keyof AuditSearch) => (value: string | undefined) =>
    void navigate({
      to: ".",
      search: (previous: Record<string, unknown>) => {
        const { antes: _cursor, [key]: _previous, ...rest } = previous
        return value === undefined ? rest : { ...rest, [key]: value }
      },
      replace: true
    })
  const actors = useQuery(actorsQuery)
  const actorNames = Object.fromEntries((actors.data ?? []).map((actor) => [
    actor.id,
    actor.kind === "user" ? text.actor.user(actor.name, roleName(actor.role)) : text.actor.apiKey(actor.name)
  ]))
  const inverted = search.desde !== undefined && search.hasta !== undefined && search.desde > search.hasta

  return (
    <section className="card stack" aria-label={text.filters.label}>
      <div className="audit-filters">
        <CatalogueSelect label={text.filters.action} allLabel={text.filters.allActions} names={text.actions} value={search.accion} onChange={set("accion")} />
        <CatalogueSelect label={text.filters.entityType} allLabel={text.filters.allEntityTypes} names={text.entityTypes} value={search.tipo} onChange={set("tipo")} />
        <SearchBox
          label={text.filters.entityId}
          placeholder={text.filters.entityIdPlaceholder}
          clearLabel={text.filters.clearEntityId}
          value={search.registro}
          onSearch={(words) => set("registro")(words === "" ? undefined : words)}
        />
        <CatalogueSelect label={text.filters.actor} allLabel={text.filters.allActors} names={actorNames} value={search.autor} onChange={set("autor")} />
        <TextInputField type="date" label={text.filters.from} value={search.desde ?? ""} onChange={(day) => set("desde")(day === "" ? undefined : day)} error={undefined} />
        <TextInputField
          type="date"
          label={text.filters.to}
          value={search.hasta ?? ""}
          onChange={(day) => set("hasta")(day === "" ? undefined : day)}
          error={inverted ? text.filters.rangeInverted : undefined}
        />
      </div>
      {isFiltered(search) && <Link to="." search={{}} className="button secondary audit-clear">{text.filters.clear}</Link>}
    </section>
  )
}
