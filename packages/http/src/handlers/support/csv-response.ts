/**
 * A 200 `text/csv` download written as the rows arrive (the list exports: a production
 * database may hold a million quotations, which must never sit in memory at once). The
 * rows come as a stream that reads the database in keyset batches as the response drains;
 * each batch becomes one chunk of CSV text (`@quote/core/shared/csv`: UTF-8 with BOM, `;`,
 * Spanish headers). `Content-Disposition` names the file `<base>-<Bogotá day>.csv`.
 *
 * A failure after the first chunk cannot change the status any more: the response is cut
 * short (the client sees a truncated file), and the failure is a defect, as in
 * `json-items-stream.ts`.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { bogota } from "@quote/core/calendar/bogota-time"
import { formatEpochDay } from "@quote/core/calendar/civil-date"
import { CSV_CONTENT_TYPE, type CsvColumn, csvHead, csvLine } from "@quote/core/shared/csv"

const encoder = new TextEncoder()

export const csvStreamer = <Row>(columns: ReadonlyArray<CsvColumn<Row>>, fileBaseName: string) =>
<E>(rows: Stream.Stream<Row, E>): Effect.Effect<HttpServerResponse.HttpServerResponse> =>
  Effect.map(Clock.currentTimeMillis, (now) => {
    const body = Stream.make(encoder.encode(csvHead(columns))).pipe(
      Stream.concat(Stream.mapArray(rows, (batch) => {
        let text = ""
        for (const row of batch) text += csvLine(columns, row)
        return [encoder.encode(text)]
      })),
      Stream.orDie
    )
    const fileName = `${fileBaseName}-${formatEpochDay(bogota.wallTime(now).epochDay)}.csv`
    return HttpServerResponse.stream(body, {
      contentType: CSV_CONTENT_TYPE,
      headers: { "content-disposition": `attachment; filename="${fileName}"` }
    })
  })
