/**
 * A page's polite status line: what the last change did ("Cliente guardado.", "La prueba
 * falló: …"), read out once by screen readers (a `status` region present from the start,
 * so that its changes are announced) and shown as a notice of the outcome's tone. The
 * announcement is a plain sentence (a success) or one with its tone (`useAnnouncement`).
 */
import { useCallback, useState } from "react"

export type Tone = "success" | "error" | "info"

export interface Announcement {
  readonly text: string
  readonly tone: Tone
}

/** Says something in the page's status line. */
export type Announce = (text: string, tone?: Tone) => void

export const useAnnouncement = (): readonly [Announcement | undefined, Announce] => {
  const [announcement, setAnnouncement] = useState<Announcement | undefined>(undefined)
  const announce = useCallback<Announce>((text, tone = "success") => setAnnouncement({ text, tone }), [])
  return [announcement, announce]
}

const toneClass: Readonly<Record<Tone, string>> = { success: "notice notice-success", error: "notice notice-error", info: "notice" }

export const StatusLine = ({ announcement }: { readonly announcement: string | Announcement | undefined }) => {
  const said = typeof announcement === "string" ? (announcement === "" ? undefined : { text: announcement, tone: "success" as const }) : announcement
  return (
    <div role="status" className={said === undefined ? "status-line" : `status-line ${toneClass[said.tone]}`}>
      {said !== undefined && <p>{said.text}</p>}
    </div>
  )
}
