/**
 * A quotation's comments, oldest first so the conversation reads down, each with its
 * author's name and role; and the form that adds one (text required, at most what the
 * API accepts, counted as it is typed).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useRef, useState } from "react"
import { Button, FieldError, Form, Label, Text, TextArea, TextField } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import type { components } from "../../api/schema"
import { formatDateTime } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"
import { quotationMessages } from "../../i18n/quotations-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { fieldErrorsOf, useFieldErrors } from "../../ui/field-errors.ts"
import { Loading } from "../../ui/Loading.tsx"
import { quotationCommentsQuery, quotationKeys } from "./quotation-queries.ts"

type QuotationComment = components["schemas"]["QuotationComment"]

/** `POST /api/quotations/:id/comments` refuses longer text (packages/api/src/quotations.ts). */
export const commentMaxLength = 5000

const text = quotationMessages.comments

const byTime = (a: QuotationComment, b: QuotationComment) => a.createdAt.localeCompare(b.createdAt)

const authorOf = (comment: QuotationComment) =>
  comment.author === null ? text.unknownAuthor : text.author(comment.author.name, messages.roles[comment.author.role])

const checkComment = (value: string): string | undefined =>
  value.trim() === "" ? text.required : value.length > commentMaxLength ? text.tooLong(commentMaxLength) : undefined

const CommentForm = ({ quotationId }: { readonly quotationId: string }) => {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState("")
  const [announcement, setAnnouncement] = useState("")
  const form = useRef<HTMLFormElement>(null)
  const field = useFieldErrors<"text">(form)
  const add = useMutation({
    mutationFn: (body: string) => call(api.POST("/api/quotations/{id}/comments", { params: { path: { id: quotationId } }, body: { text: body } })),
    onSuccess: async () => {
      setDraft("")
      setAnnouncement(text.added)
      await queryClient.invalidateQueries({ queryKey: quotationKeys.comments(quotationId) })
    },
    onError: (failure) => field.show(fieldErrorsOf(failure, { text: text.required }))
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setAnnouncement("")
    const problem = checkComment(draft)
    if (problem !== undefined) {
      field.show({ text: problem })
      return
    }
    add.mutate(draft)
  }

  const change = (value: string) => {
    setDraft(value)
    field.clear("text")
  }

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack comment-form" aria-label={text.formTitle}>
      <TextField value={draft} onChange={change} isRequired isInvalid={field.errors.text !== undefined} maxLength={commentMaxLength}>
        <Label>{text.field}</Label>
        <TextArea className="react-aria-TextArea comment-input" rows={3} />
        <Text slot="description" className="muted small">{text.counter(draft.length, commentMaxLength)}</Text>
        <FieldError className="field-error">{field.errors.text}</FieldError>
      </TextField>
      {add.isError && <ErrorNotice error={add.error} />}
      <div className="row">
        <Button type="submit" className="button primary" isDisabled={add.isPending}>
          {add.isPending ? text.submitting : text.submit}
        </Button>
        <p role="status" className="success-text">{announcement}</p>
      </div>
    </Form>
  )
}

export const QuotationComments = ({ quotationId }: { readonly quotationId: string }) => {
  const comments = useQuery(quotationCommentsQuery(quotationId))
  return (
    <div className="stack">
      {comments.isPending
        ? <Loading />
        : comments.isError
        ? <ErrorNotice error={comments.error} onRetry={() => void comments.refetch()} />
        : comments.data.items.length === 0
        ? <p className="muted">{text.empty}</p>
        : (
          <ol className="comment-list">
            {[...comments.data.items].sort(byTime).map((comment) => (
              <li key={comment.id} className="comment">
                <p className="comment-meta">
                  <span className="comment-author break-anywhere">{authorOf(comment)}</span>{" "}
                  <time className="muted" dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
                </p>
                <p className="comment-text">{comment.text}</p>
              </li>
            ))}
          </ol>
        )}
      <CommentForm quotationId={quotationId} />
    </div>
  )
}
