/**
 * Notification e-mails of companies and branches (spec "Companies and branches" rule 3),
 * queued through `NotificationOutbox` inside the change's transaction, which applies the
 * spec's "E-mails are sent only if an administrator notification address is configured".
 */
import type { CompanyProfile } from "@quote/core/companies/views"
import { address, administrator, type Notification } from "../mail/notification-outbox.ts"
import type { Advisor } from "./reference-checks.ts"

const line = (label: string, value: string | null | undefined) =>
  value === null || value === undefined || value === "" ? [] : [`${label}: ${value}`]

/** To the administrator: a company was created. */
export const companyCreatedEmail = (company: CompanyProfile): Notification => ({
  kind: "company_created",
  to: administrator,
  subject: `Nueva empresa registrada: ${company.name}`,
  body: [
    "Se registró una nueva empresa en el servicio de cotizaciones.",
    "",
    `Nombre: ${company.name}`,
    `NIT: ${company.nit}`,
    ...line("Correo", company.email),
    ...line("Teléfono", company.phone),
    ...line("Dirección", company.address)
  ].join("\n")
})

/**
 * An advisor was given a branch (admin branch creation with an advisor, or a change to
 * a different advisor): one e-mail to the advisor, and one to the company introducing
 * its commercial advisor (skipped by the outbox when the company has no e-mail).
 */
export const advisorAssignedEmails = (
  company: CompanyProfile,
  branchName: string,
  advisor: Advisor
): ReadonlyArray<Notification> => [
  {
    kind: "advisor_assigned_to_advisor",
    to: address(advisor.email),
    subject: `Nueva empresa asignada: ${company.name}`,
    body: [
      `Hola, ${advisor.name}:`,
      "",
      `Se te asignó la empresa ${company.name} (NIT ${company.nit}), sede ${branchName}.`,
      ...line("Correo de la empresa", company.email)
    ].join("\n")
  },
  {
    kind: "advisor_assigned_to_company",
    to: address(company.email),
    subject: "Tu asesor comercial",
    body: [
      `Hola, ${company.name}:`,
      "",
      `Tu asesor comercial para la sede ${branchName} es ${advisor.name}.`,
      `Puedes escribirle a ${advisor.email}.`
    ].join("\n")
  }
]
