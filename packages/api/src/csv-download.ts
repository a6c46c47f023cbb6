/**
 * The answer of the list exports (`GET /api/quotations/export`, `GET /api/advisor/clients/export`):
 * a CSV file as Excel in Spanish opens it (`@quote/core/shared/csv`), streamed.
 */
import * as Schema from "effect/Schema"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"

export const CsvDownload = Schema.String.annotate({
  description:
    "CSV: UTF-8 with a byte-order mark, `;` between fields, CRLF line ends, a first record of Spanish headers; " +
    "`Content-Disposition: attachment` names the file. Streamed: the whole list, read in batches by the service."
}).pipe(HttpApiSchema.asText({ contentType: "text/csv" }))
