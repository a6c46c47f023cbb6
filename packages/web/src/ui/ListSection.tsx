/**
 * A titled card listing things the user manages: its heading, an "add" button, and the
 * list — or a sentence when there is nothing yet — followed by `children` (its dialogs),
 * which are there in both cases.
 */
import type { ReactNode } from "react"
import { Button } from "react-aria-components"

export const ListSection = ({ id, title, addLabel, onAdd, isEmpty, emptyText, list, children }: {
  /** The heading's id, naming the section. */
  readonly id: string
  readonly title: string
  readonly addLabel: string
  readonly onAdd: () => void
  readonly isEmpty: boolean
  readonly emptyText: string
  readonly list: ReactNode
  readonly children?: ReactNode
}) => (
  <section className="card stack" aria-labelledby={id}>
    <div className="section-header">
      <h2 id={id}>{title}</h2>
      <Button className="button primary" onPress={onAdd}>{addLabel}</Button>
    </div>
    {isEmpty ? <p className="muted">{emptyText}</p> : list}
    {children}
  </section>
)
