/**
 * A product's quantity: the platform's number input (a spin button to assistive
 * technology, the numeric keypad on a phone) between − and + buttons big enough for a
 * thumb. Its accessible name is the whole label, e.g. "Cantidad de Arroz Diana 500 g",
 * while the eye reads a short "Cantidad".
 *
 * Native rather than React Aria's NumberField: it is the spin button the console's
 * contract names (issue #23), a typed quantity counts as it is typed, and the page clients
 * open most stays within its JavaScript budget (docs/console.md).
 */
import { useId } from "react"
import { Button } from "react-aria-components"
import { messages } from "../../i18n/messages.ts"
import { clampQuantity, maxQuantity } from "./cart-store.ts"

const text = messages.order.catalog

export const QuantityField = ({ label, visibleLabel, value, onChange, className }: {
  /** The accessible name ("Cantidad de Arroz"). */
  readonly label: string
  /** What the eye reads ("Cantidad"). */
  readonly visibleLabel: string
  readonly value: number
  readonly onChange: (quantity: number) => void
  readonly className?: string
}) => {
  const id = useId()
  return (
    <div className={`quantity-field ${className ?? ""}`}>
      <label className="quantity-label" htmlFor={id}>
        <span aria-hidden="true">{visibleLabel}</span>
        <span className="visually-hidden">{label}</span>
      </label>
      <div className="quantity-group">
        <Button className="quantity-step" aria-label={text.removeOne(label)} isDisabled={value <= 0} onPress={() => onChange(clampQuantity(value - 1))}>
          <span aria-hidden="true">−</span>
        </Button>
        <input
          id={id}
          className="input quantity-input"
          type="number"
          inputMode="numeric"
          min={0}
          max={maxQuantity}
          step={1}
          value={value}
          // An emptied field is 0 until something is typed.
          onChange={(event) => onChange(clampQuantity(event.target.valueAsNumber))}
          onFocus={(event) => event.target.select()}
        />
        <Button className="quantity-step" aria-label={text.addOne(label)} isDisabled={value >= maxQuantity} onPress={() => onChange(clampQuantity(value + 1))}>
          <span aria-hidden="true">+</span>
        </Button>
      </div>
    </div>
  )
}
