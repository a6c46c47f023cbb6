/**
 * Sign-in for every role. A wrong e-mail or password get one sentence (never which of
 * the two); a throttled login (429) says how long to wait; then each role lands on its
 * home, or on the page it was sent away from (the login route's guard, router.tsx).
 */
import { type FormEvent, useState } from "react"
import { Button, FieldError, Form, Input, Label, TextField } from "react-aria-components"
import { ApiFailure } from "../api/failure.ts"
import { messages } from "../i18n/messages.ts"
import { useSession } from "../session/session.tsx"
import { ErrorNotice } from "../ui/ErrorNotice.tsx"
import { waitText } from "../ui/wait-text.ts"

export const LoginPage = () => {
  const { login, state } = useSession()
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [failure, setFailure] = useState<unknown>(undefined)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setFailure(undefined)
    try {
      // Once signed in, the login route's guard takes the user on (router.tsx).
      await login(email.trim(), password)
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  const notice = failure instanceof ApiFailure && failure.code === "INVALID_CREDENTIALS"
    ? <div role="alert" className="notice notice-error"><p>{messages.login.invalidCredentials}</p></div>
    : failure instanceof ApiFailure && failure.code === "TOO_MANY_ATTEMPTS"
    ? <div role="alert" className="notice notice-error"><p>{messages.login.throttled(waitText(failure.retryAfterSeconds ?? 60))}</p></div>
    : failure !== undefined
    ? <ErrorNotice error={failure} />
    : state.status === "signedOut" && state.expired
    ? <div role="status" className="notice"><p>{messages.login.sessionExpired}</p></div>
    : null

  return (
    <main id="contenido" className="login-page">
      <div className="login-card">
        <p className="brand" aria-hidden="true">{messages.app.name}</p>
        <h1>{messages.login.title}</h1>
        <p className="muted">{messages.login.intro}</p>
        {notice}
        <Form onSubmit={submit} className="stack">
          <TextField type="email" name="email" isRequired autoComplete="username" value={email} onChange={setEmail} autoFocus>
            <Label>{messages.login.email}</Label>
            <Input className="input" />
            <FieldError className="field-error" />
          </TextField>
          <TextField type="password" name="password" isRequired autoComplete="current-password" value={password} onChange={setPassword}>
            <Label>{messages.login.password}</Label>
            <Input className="input" />
            <FieldError className="field-error" />
          </TextField>
          <Button type="submit" className="button primary" isDisabled={busy}>
            {busy ? messages.login.submitting : messages.login.submit}
          </Button>
        </Form>
      </div>
    </main>
  )
}
