/** A price as typed in whole Colombian pesos (0 or more, no decimals); undefined otherwise. */
export const pesosOf = (typed: string): number | undefined =>
  /^\s*\d{1,15}\s*$/.test(typed) ? Number(typed) : undefined
