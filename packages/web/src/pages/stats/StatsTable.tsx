/**
 * A titled card holding one of the statistics' tables (top products, top clients, recent
 * orders) — or a sentence when the range has nothing — stacking into cards on a phone.
 * The table is named by the card's heading.
 */
import type { ReactNode } from "react"
import { useId } from "react"

export interface StatsColumn {
  readonly label: string
  readonly numeric?: boolean
}

export const StatsTable = ({ title, empty, columns, rows }: {
  readonly title: string
  readonly empty: string
  readonly columns: ReadonlyArray<StatsColumn>
  /** One `<tr>` per entry, its first cell a row header. */
  readonly rows: ReadonlyArray<ReactNode>
}) => {
  const titleId = useId()
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {rows.length === 0 ? <p className="muted">{empty}</p> : (
        <table className="stacking-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={column.numeric === true ? "number" : undefined}>{column.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      )}
    </section>
  )
}
