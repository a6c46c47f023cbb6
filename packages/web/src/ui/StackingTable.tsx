/**
 * A table of records that stacks into one card per row on a phone (styles.css "Stacking
 * tables"): its column headings — a numeric one right-aligned —, an unnamed-looking
 * actions column when the rows have buttons (named for screen readers), and the rows.
 * Each row's first cell is a `<th scope="row" className="card-title">`, the others
 * `<td data-label=…>` (the column's name on the card).
 */
import type { ReactNode } from "react"

export interface TableColumn {
  readonly label: string
  readonly numeric?: boolean
}

export const StackingTable = ({ columns, actionsLabel, className, children }: {
  readonly columns: ReadonlyArray<string | TableColumn>
  /** The actions column's (hidden) heading; absent when the rows have no actions. */
  readonly actionsLabel?: string
  readonly className?: string
  /** The rows. */
  readonly children: ReactNode
}) => (
  <table className={className === undefined ? "stacking-table" : `stacking-table ${className}`}>
    <thead>
      <tr>
        {columns.map((column) => {
          const { label, numeric = false } = typeof column === "string" ? { label: column } : column
          return <th key={label} scope="col" className={numeric ? "number" : undefined}>{label}</th>
        })}
        {actionsLabel !== undefined && <th scope="col"><span className="visually-hidden">{actionsLabel}</span></th>}
      </tr>
    </thead>
    <tbody>{children}</tbody>
  </table>
)
