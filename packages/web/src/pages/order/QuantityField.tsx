/**
 * A product's quantity: a number field (whole units, 0 = not ordered) with − and +
 * buttons big enough for a thumb. Its accessible name is the whole label, e.g.
 * "Cantidad de Arroz Diana 500 g", while the eye reads a short "Cantidad".
 *
 * React Aria exposes its number input as a text box (VoiceOver on iOS cannot focus a
 * spin button); the console's contract (issue #23) names it a spin button, so the input
 * states the role and its value, as the ARIA spin button pattern describes.
 */
import { Button, Group, Input, Label, NumberField } from "react-aria-components"
import { clampQuantity, maxQuantity } from "./cart-store.ts"

const integerFormat: Intl.NumberFormatOptions = { maximumFractionDigits: 0, useGrouping: false }

export const QuantityField = ({ label, visibleLabel, value, onChange, className }: {
  /** The accessible name ("Cantidad de Arroz"). */
  readonly label: string
  /** What the eye reads ("Cantidad"). */
  readonly visibleLabel: string
  readonly value: number
  readonly onChange: (quantity: number) => void
  readonly className?: string
}) => (
  <NumberField
    className={`react-aria-NumberField quantity-field ${className ?? ""}`}
    value={value}
    onChange={(next) => onChange(clampQuantity(next))}
    minValue={0}
    maxValue={maxQuantity}
    step={1}
    formatOptions={integerFormat}
  >
    <Label className="quantity-label">
      <span aria-hidden="true">{visibleLabel}</span>
      <span className="visually-hidden">{label}</span>
    </Label>
    <Group className="quantity-group">
      <Button slot="decrement" className="quantity-step"><span aria-hidden="true">−</span></Button>
      <Input
        className="input quantity-input"
        role="spinbutton"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={maxQuantity}
      />
      <Button slot="increment" className="quantity-step"><span aria-hidden="true">+</span></Button>
    </Group>
  </NumberField>
)
