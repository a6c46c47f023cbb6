/**
 * A titled card listing things the user manages: its heading and "add" button, then a
 * table of them (stacking into cards on a phone; the last column holds each row's
 * actions) — or a sentence when there is nothing yet — followed by `children` (its
 * dialogs), which are there in both cases.
 */
import type { ReactNode } from "react"
import { Button } from "react-aria-components"
import { messages } from "../i18n/messages.ts"

export interface ListSectionTexts {
  readonly title: string
  readonly add: string
  readonly empty: string
}

/** `onAdd` absent: no "add" button and no actions column (a list the user only reads). */
export const ListSection = ({ id, texts, onAdd, columns, rows, children }: {
  /** The heading's id, naming the section. */
  readonly id: string
  readonly texts: ListSectionTexts
  readonly onAdd?: () => void
  /** The columns' headings, before the actions column. */
  readonly columns: ReadonlyArray<string>
  /** One `<tr>` per item. */
  readonly rows: ReadonlyArray<ReactNode>
  readonly children?: ReactNode
}) => (
  <section className="card stack" aria-labelledby={id}>
    <div className="section-header">
      <h2 id={id}>{texts.title}</h2>
      {onAdd !== undefined && <Button className="button primary" onPress={onAdd}>{texts.add}</Button>}
    </div>
    {rows.length === 0 ? <p className="muted">{texts.empty}</p> : (
      <table className="stacking-table">
        <thead>
          <tr>
            {columns.map((column) => <th key={column} scope="col">{column}</th>)}
            {onAdd !== undefined && <th scope="col"><span className="visually-hidden">{messages.company.actions}</span></th>}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </table>
    )}
    {children}
  </section>
)
