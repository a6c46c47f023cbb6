/**
 * Real SMTP: the nodemailer transport against a local SMTP sink (`smtp-server`), and the
 * choice of transport from the configuration (SMTP only in production with an
 * administrator address; the log transport everywhere else).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer, Option, Redacted } from "effect"
import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"
import { MailDeliveryFailed } from "@quote/core/mail/errors"
import { Mailer } from "@quote/core/mail/mailer"
import { AppConfig } from "@quote/core/shared/app-config"
import { MailerFromConfig } from "../../../src/infra/mail/mailer-from-config.ts"
import { SmtpMailer } from "../../../src/infra/mail/smtp-mailer.ts"

interface Received {
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly user: string | undefined
  readonly raw: string
}

interface Sink {
  readonly server: SMTPServer
  /** `smtp://[credentials@]127.0.0.1:<port>` */
  readonly url: (credentials?: string) => string
  readonly received: Array<Received>
}

/** A local SMTP server that keeps what it receives; rejects recipients containing "reject". */
const smtpSink = Effect.acquireRelease(
  Effect.callback<Sink>((resume) => {
    const received: Array<Received> = []
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      authOptional: true,
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) =>
        auth.username === "mailer" && auth.password === "s3cret"
          ? callback(null, { user: auth.username })
          : callback(new Error("Invalid username or password")),
      onRcptTo: (address, _session, callback) =>
        address.address.includes("reject")
          ? callback(Object.assign(new Error("550 No such user here"), { responseCode: 550 }))
          : callback(),
      onData: (stream, session, callback) => {
        const chunks: Array<Buffer> = []
        stream.on("data", (chunk: Buffer) => chunks.push(chunk))
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom === false ? "" : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((address) => address.address),
            user: typeof session.user === "string" ? session.user : undefined,
            raw: Buffer.concat(chunks).toString("utf8")
          })
          callback()
        })
      }
    })
    server.listen(0, "127.0.0.1", () => {
      const port = (server.server.address() as AddressInfo).port
      resume(Effect.succeed({
        server,
        url: (credentials?: string) => `smtp://${credentials === undefined ? "" : `${credentials}@`}127.0.0.1:${port}`,
        received
      }))
    })
  }),
  (sink) => Effect.promise(() => new Promise<void>((resolve) => sink.server.close(() => resolve())))
)

const from = "Cotizaciones <no-reply@example.com>"
const message = {
  to: "asesor@example.com",
  subject: "Nuevo cliente asignado: Ana",
  body: "Hola Asesor,\n\nSe te asignó un nuevo cliente."
}

const send = <E>(mailer: Layer.Layer<Mailer, E>) => Effect.flatMap(Mailer, (m) => m.send(message)).pipe(Effect.provide(mailer))

describe("SMTP transport", () => {
  it.live("delivers a plain-text message to the SMTP server, authenticated with the URL's credentials", () =>
    Effect.gen(function*() {
      const sink = yield* smtpSink
      yield* send(SmtpMailer({ url: Redacted.make(sink.url("mailer:s3cret")), from }))
      assert.strictEqual(sink.received.length, 1)
      const [mail] = sink.received
      assert.strictEqual(mail!.from, "no-reply@example.com")
      assert.deepStrictEqual(mail!.to, ["asesor@example.com"])
      assert.strictEqual(mail!.user, "mailer")
      assert.include(mail!.raw, "Subject: Nuevo cliente asignado: Ana")
      assert.include(mail!.raw, "From: Cotizaciones <no-reply@example.com>")
      assert.include(mail!.raw, "To: asesor@example.com")
      assert.match(mail!.raw, /Content-Type: text\/plain/i)
      assert.include(mail!.raw, "Hola Asesor,")
    }).pipe(Effect.scoped))

  it.live("a refused recipient, wrong credentials or an unreachable server fail with MailDeliveryFailed", () =>
    Effect.gen(function*() {
      const sink = yield* smtpSink
      const refused = yield* Effect.flatMap(Mailer, (m) => m.send({ ...message, to: "reject@example.com" })).pipe(
        Effect.provide(SmtpMailer({ url: Redacted.make(sink.url()), from })),
        Effect.exit
      )
      const badLogin = yield* send(SmtpMailer({ url: Redacted.make(sink.url("mailer:wrong")), from })).pipe(Effect.exit)
      // A port nobody listens on (the sink's own, once closed, is not guaranteed free).
      const unreachable = yield* send(SmtpMailer({ url: Redacted.make("smtp://127.0.0.1:1"), from })).pipe(Effect.exit)
      for (const exit of [refused, badLogin, unreachable]) {
        assert.isTrue(Exit.isFailure(exit))
        const error = Exit.findErrorOption(exit)
        assert.isTrue(Option.isSome(error) && error.value instanceof MailDeliveryFailed, String(exit))
      }
      assert.include(String(Option.getOrUndefined(Exit.findErrorOption(refused))?.message), "550")
      assert.strictEqual(sink.received.length, 0)
    }).pipe(Effect.scoped))
})

describe("transport from the configuration", () => {
  const configured = (overrides: Parameters<typeof AppConfig.layerTest>[0]) =>
    MailerFromConfig.pipe(Layer.provide(AppConfig.layerTest(overrides)))

  it.live("production with an administrator address sends through SMTP_URL from MAIL_FROM", () =>
    Effect.gen(function*() {
      const sink = yield* smtpSink
      yield* send(configured({
        environment: "production",
        adminNotificationEmail: Option.some("admin@example.com"),
        smtpUrl: Option.some(Redacted.make(sink.url())),
        mailFrom: "Ventas <ventas@example.com>"
      }))
      assert.strictEqual(sink.received.length, 1)
      assert.strictEqual(sink.received[0]!.from, "ventas@example.com")
    }).pipe(Effect.scoped))

  it.live("test, development, and production without an administrator address only log", () =>
    Effect.gen(function*() {
      const sink = yield* smtpSink
      const smtpUrl = Option.some(Redacted.make(sink.url()))
      const admin = Option.some("admin@example.com")
      yield* send(configured({ environment: "test", adminNotificationEmail: admin, smtpUrl }))
      yield* send(configured({ environment: "development", adminNotificationEmail: admin, smtpUrl }))
      yield* send(configured({ environment: "production", adminNotificationEmail: Option.none(), smtpUrl }))
      assert.strictEqual(sink.received.length, 0)
    }).pipe(Effect.scoped))

  it.effect("production with an administrator address but no SMTP_URL refuses to start, naming it", () =>
    Effect.gen(function*() {
      const exit = yield* send(configured({ environment: "production", adminNotificationEmail: Option.some("admin@example.com") })).pipe(
        Effect.exit
      )
      const error = Option.getOrUndefined(Exit.findErrorOption(exit))
      assert.include(error?.message ?? "", "SMTP_URL is required")
    }))
})
