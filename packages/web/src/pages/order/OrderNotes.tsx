/** The order's notes (at most 2,000 characters), with a counter updated as the client types. */
import { Label, Text, TextArea, TextField } from "react-aria-components"
import { messages } from "../../i18n/messages.ts"
import { maxNotesLength } from "./cart-store.ts"

const text = messages.order.cart

export const OrderNotes = ({ notes, onChange }: { readonly notes: string; readonly onChange: (notes: string) => void }) => (
  <TextField className="react-aria-TextField order-notes" value={notes} onChange={onChange} maxLength={maxNotesLength}>
    <Label>{text.notes}</Label>
    <TextArea className="input notes-input" rows={3} />
    {/* Read with the field (its description), not announced on every keystroke. */}
    <Text slot="description" className={`muted notes-counter${notes.length >= maxNotesLength ? " at-limit" : ""}`}>
      {text.notesCount(notes.length, maxNotesLength)}
    </Text>
  </TextField>
)
