/**
 * The event feed's cursor (`GET /api/webhooks/events/feed`). Events are read in the order
 * `(transaction id, seq)` and only those of transactions that ended before the oldest one
 * still running (`pg_snapshot_xmin`): an event that shows up later has a transaction id at
 * least that, so it sorts after every cursor handed out, and a client following
 * `nextCursor` sees each event exactly once, however transactions commit. The cursor is
 * the position of the last event seen, opaque to clients (base64url of `"<tx>.<seq>"`).
 */

export interface FeedPosition {
  readonly transactionId: bigint
  readonly seq: bigint
}

/** Before every event. */
export const FEED_START: FeedPosition = { transactionId: 0n, seq: 0n }

/** Past every event of the transactions below `xmin`: where a client stands once it has read them all. */
export const positionBelow = (xmin: bigint): FeedPosition => ({
  transactionId: xmin - 1n,
  seq: 9_223_372_036_854_775_807n
})

export const encodeCursor = (position: FeedPosition): string =>
  Buffer.from(`${position.transactionId}.${position.seq}`, "utf8").toString("base64url")

/** The position of a cursor; `undefined` when it is not one this service made. */
export const decodeCursor = (cursor: string): FeedPosition | undefined => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return undefined
  const match = /^(\d{1,19})\.(\d{1,19})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"))
  if (match === null) return undefined
  const position = { transactionId: BigInt(match[1]!), seq: BigInt(match[2]!) }
  const max = 9_223_372_036_854_775_807n
  return position.transactionId > max || position.seq > max ? undefined : position
}

/** Whether `a` comes after `b` in feed order. */
export const isAfter = (a: FeedPosition, b: FeedPosition): boolean =>
  a.transactionId > b.transactionId || (a.transactionId === b.transactionId && a.seq > b.seq)
