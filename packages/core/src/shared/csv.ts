/**
 * CSV as Excel in Spanish opens it with a double click (the exports of the quotation and
 * client lists): UTF-8 with a byte-order mark (without it Excel reads the bytes as
 * Windows-1252 and "Cotización" comes out garbled), `;` between fields (the list
 * separator of a Spanish locale, whose decimal separator is the comma), CRLF line ends,
 * and RFC 4180 quoting: a field holding `;`, `"`, CR or LF is quoted, its `"` doubled.
 *
 * A text field that a spreadsheet would run as a formula (one starting with `=`, `+`,
 * `-`, `@`, a tab or CR: a client named `=HYPERLINK(…)`) is written with a leading `'`
 * (OWASP, "CSV injection"); a plain signed number or phone (`+57 300 123 4567`, `-5`) is
 * left alone. Numbers use the decimal comma; instants are Bogotá wall times.
 */
import { bogota } from "../calendar/bogota-time.ts"
import { formatEpochDay, pad2 } from "../calendar/civil-date.ts"

export type CsvCell = string | number | null

/** One column of a CSV export: its Spanish header and how a row fills it. */
export interface CsvColumn<Row> {
  readonly header: string
  readonly cell: (row: Row) => CsvCell
}

export const CSV_BOM = "\uFEFF"
export const CSV_SEPARATOR = ";"
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8"

const formulaStart = /^[=+\-@\t\r]/
const plainNumber = /^[+-]?[\d\s().]+$/
const needsQuotes = /[;"\r\n]/

const textField = (text: string): string => {
  const safe = formulaStart.test(text) && !plainNumber.test(text) ? `'${text}` : text
  return needsQuotes.test(safe) ? `"${safe.replaceAll("\"", "\"\"")}"` : safe
}

/** One field: empty for `null`, a number with the decimal comma, text quoted and defused as needed. */
export const csvField = (cell: CsvCell): string =>
  cell === null ? "" : typeof cell === "number" ? String(cell).replace(".", ",") : textField(cell)

/** One record, with its line end. */
export const csvRecord = (cells: ReadonlyArray<CsvCell>): string => `${cells.map(csvField).join(CSV_SEPARATOR)}\r\n`

/** The start of a file: the byte-order mark and the headers' record. */
export const csvHead = <Row>(columns: ReadonlyArray<CsvColumn<Row>>): string =>
  CSV_BOM + csvRecord(columns.map((column) => column.header))

/** The record of one row. */
export const csvLine = <Row>(columns: ReadonlyArray<CsvColumn<Row>>, row: Row): string =>
  csvRecord(columns.map((column) => column.cell(row)))

/** An instant as a Bogotá wall time, `YYYY-MM-DD HH:MM` (what a spreadsheet reads as a date and time). */
export const csvDateTime = (at: Date): string => {
  const wall = bogota.wallTime(at.getTime())
  const minutes = Math.floor(wall.msOfDay / 60_000)
  return `${formatEpochDay(wall.epochDay)} ${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`
}

/** A yes/no column. */
export const csvYesNo = (value: boolean): string => (value ? "Sí" : "No")
