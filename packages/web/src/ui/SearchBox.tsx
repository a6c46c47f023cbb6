/**
 * A search box whose words are applied a moment after the typing stops (and at once when
 * cleared): `onSearch` gets the trimmed words, typically to put them in the URL. A change
 * of `value` from outside (back/forward through the history) replaces what is typed.
 */
import { useEffect, useRef, useState } from "react"
import { Button, Input, Label, SearchField } from "react-aria-components"

/** Wait this long after the last keystroke before searching. */
const searchDelayMillis = 300

export const SearchBox = ({ label, placeholder, clearLabel, value, onSearch, className }: {
  readonly label: string
  readonly placeholder: string
  /** The accessible name of the × that clears the box. */
  readonly clearLabel: string
  /** The words in effect (from the URL). */
  readonly value: string | undefined
  readonly onSearch: (words: string) => void
  readonly className?: string
}) => {
  const [words, setWords] = useState(value ?? "")
  // The words last applied, to tell our own update from a back/forward move.
  const sent = useRef(value ?? "")
  const search = useRef(onSearch)
  search.current = onSearch

  useEffect(() => {
    const applied = value ?? ""
    if (applied !== sent.current) {
      sent.current = applied
      setWords(applied)
    }
  }, [value])

  useEffect(() => {
    const trimmed = words.trim()
    if (trimmed === sent.current) return
    const timer = window.setTimeout(() => {
      sent.current = trimmed
      search.current(trimmed)
    }, trimmed === "" ? 0 : searchDelayMillis)
    return () => window.clearTimeout(timer)
  }, [words])

  return (
    <SearchField className={className === undefined ? "react-aria-SearchField" : `react-aria-SearchField ${className}`} value={words} onChange={setWords}>
      <Label>{label}</Label>
      <div className="search-control">
        <Input className="input" placeholder={placeholder} />
        <Button className="search-clear" aria-label={clearLabel}><span aria-hidden="true">×</span></Button>
      </div>
    </SearchField>
  )
}
