/**
 * An advisor's "Vendedor en el ERP": chosen among the ERP's sellers when the ERP is
 * connected (`GET /api/integrations/erp/sellers`), else typed as the seller's number in
 * the ERP. Empty means none (the service then uses `ERP_DEFAULT_SELLER_ID`).
 */
import { useQuery } from "@tanstack/react-query"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import { erpSellersQuery } from "./user-queries.ts"

const text = peopleMessages.accountForm

export const ErpSellerField = ({ value, onChange, error }: {
  /** The seller's number as typed or chosen; "" for none. */
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error: string | undefined
}) => {
  const sellers = useQuery(erpSellersQuery)
  if (sellers.isPending) return <p className="muted small">{text.sellersLoading}</p>
  const listed = sellers.data ?? []
  if (listed.length === 0) {
    return (
      <TextInputField
        label={text.erpSeller}
        value={value}
        onChange={onChange}
        error={error}
        description={sellers.isError ? text.sellersUnavailable : text.sellerHint}
        autoComplete="off"
      />
    )
  }
  const options = [
    { id: "", label: text.noSeller },
    ...listed.map((seller) => {
      const fullName = [seller.firstName, seller.lastName].filter((part) => part !== null && part !== "").join(" ")
      return { id: String(seller.id), label: text.sellerLabel(seller.id, fullName === "" ? seller.username : fullName, seller.active) }
    }),
    ...(value === "" || listed.some((seller) => String(seller.id) === value) ? [] : [{ id: value, label: text.unlistedSeller(value) }])
  ]
  return <NativeSelect label={text.erpSeller} options={options} value={value} onChange={onChange} error={error} />
}
