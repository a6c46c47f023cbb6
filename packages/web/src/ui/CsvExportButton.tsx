/**
 * "Exportar CSV": downloads a list as the service writes it (a `text/csv` answer: UTF-8
 * with BOM, `;` separated, Spanish headers, so Excel in Spanish opens it as is). The
 * service streams the whole filtered list (every page, read in keyset batches); the call
 * carries the session's token, so the file is fetched here and handed to the browser as
 * a download rather than opened as a link. Shared by the lists that export (Cotizaciones,
 * Clientes):
 *
 *   <CsvExportButton
 *     fileBaseName="clientes"
 *     fetchCsv={() => call(api.GET("/api/advisor/clients/export", { params: { query }, parseAs: "blob" }))}
 *   />
 */
import { useMutation } from "@tanstack/react-query"
import { useId } from "react"
import { Button } from "react-aria-components"
import { csvExportMessages as text } from "../i18n/csv-export-messages.ts"
import { ErrorNotice } from "./ErrorNotice.tsx"

/** Hands `file` to the browser as a download named `fileName`. */
const saveFile = (file: Blob, fileName: string): void => {
  const url = URL.createObjectURL(file)
  const link = document.createElement("a")
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // After the click the download owns the data; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** The day in Bogotá as `YYYY-MM-DD` (the Canadian English format is ISO's). */
const bogotaDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota", year: "numeric", month: "2-digit", day: "2-digit" })

export interface CsvExportButtonProps {
  /** Fetches the file: the service's `text/csv` answer as a `Blob` (openapi-fetch's `parseAs: "blob"`). */
  readonly fetchCsv: () => Promise<Blob>
  /** The file is saved as `<fileBaseName>-<today in Bogotá>.csv`, e.g. `clientes-2026-11-28.csv`. */
  readonly fileBaseName: string
  /** What is exported, under the button; default: the file's format. */
  readonly description?: string
}

export const CsvExportButton = ({ fetchCsv, fileBaseName, description = text.format }: CsvExportButtonProps) => {
  const hintId = useId()
  const download = useMutation({
    mutationFn: async () => ({ file: await fetchCsv(), fileName: `${fileBaseName}-${bogotaDay.format(new Date())}.csv` }),
    onSuccess: ({ file, fileName }) => saveFile(file, fileName)
  })
  return (
    <div className="csv-export">
      <Button
        className="button secondary"
        onPress={() => download.mutate()}
        isDisabled={download.isPending}
        aria-describedby={hintId}
      >
        {download.isPending ? text.working : text.button}
      </Button>
      <p id={hintId} className="muted small">{description}</p>
      <p role="status" className="success-text small">{download.isSuccess ? text.done(download.data.fileName) : ""}</p>
      {download.isError && <ErrorNotice error={download.error} />}
    </div>
  )
}
