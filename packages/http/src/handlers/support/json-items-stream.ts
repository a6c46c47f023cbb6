/**
 * A 200 `{"items":[…]}` body written as the rows arrive (issue #14: the unpaginated lists
 * of 100k clients must not hold the list in memory).
 *
 * The items come as a stream (the database streams its rows with backpressure: the
 * socket is paused while the HTTP response drains). Each batch of items is encoded with
 * the item schema of the endpoint's declaration and written as one chunk of JSON text.
 * The bytes are those `JSON.stringify` gives for the whole `{items}` value encoded with
 * `Struct({ items: Array(item) })`: the same keys in the same order, the same
 * separators. The declaration in `packages/api` still documents the endpoint.
 *
 * A failure after the first chunk cannot change the status any more: the response is
 * cut short (the client sees a truncated body), and the failure is a defect as in
 * HttpApi's own encoder.
 */
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as HttpServerResponse from "effect/http/HttpServerResponse"

const encoder = new TextEncoder()

export const jsonItemsStreamer = <S extends Schema.Top & { readonly EncodingServices: never }>(item: S) => {
  // The items are the service's values, already checked when its rows were decoded
  // through the same view: encoding only converts them (dates to strings) and does not
  // run the checks a second time (measured on 400 companies: 1.27 → 1.05 ms to encode).
  const encode = Schema.encodeSync(Schema.toCodecJson(item), { disableChecks: true })
  return <E>(items: Stream.Stream<S["Type"], E>): HttpServerResponse.HttpServerResponse => {
    const body = Stream.suspend(() => {
      let separator = ""
      const batches = Stream.mapArray(items, (batch) => {
        let text = ""
        for (const value of batch) {
          text += separator + JSON.stringify(encode(value))
          separator = ","
        }
        return [encoder.encode(text)]
      })
      return Stream.make(encoder.encode("{\"items\":[")).pipe(
        Stream.concat(batches),
        Stream.concat(Stream.make(encoder.encode("]}"))),
        Stream.orDie
      )
    })
    return HttpServerResponse.stream(body, { contentType: "application/json" })
  }
}
