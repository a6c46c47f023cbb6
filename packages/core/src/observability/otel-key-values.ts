/**
 * The `key=value,key=value` lists of the OpenTelemetry environment variables
 * (`OTEL_RESOURCE_ATTRIBUTES`, `OTEL_EXPORTER_OTLP_HEADERS`): keys and values trimmed
 * and percent-decoded; an entry without `=` or with an empty key is skipped; a repeated
 * key keeps its last value. A value that is not valid percent-encoding is a problem to
 * report at start, not something to guess at.
 */
export type KeyValueList =
  | { readonly _tag: "Parsed"; readonly entries: Readonly<Record<string, string>> }
  | { readonly _tag: "Invalid"; readonly entry: string }

export const parseKeyValueList = (text: string): KeyValueList => {
  const entries: Record<string, string> = {}
  for (const entry of text.split(",")) {
    const separator = entry.indexOf("=")
    if (separator < 0) continue
    try {
      const key = decodeURIComponent(entry.slice(0, separator).trim())
      if (key === "") continue
      entries[key] = decodeURIComponent(entry.slice(separator + 1).trim())
    } catch {
      return { _tag: "Invalid", entry: entry.trim() }
    }
  }
  return { _tag: "Parsed", entries }
}
