/** The range's best-selling products and, for the whole business, its biggest clients. */
import { formatMoney } from "../../format.ts"
import { statsMessages } from "../../i18n/stats-messages.ts"
import type { AdminStatistics, AdvisorStatistics } from "./stats-queries.ts"
import { StatsTable } from "./StatsTable.tsx"

const products = statsMessages.topProducts
const clients = statsMessages.topClients
const quantity = new Intl.NumberFormat("es-CO", { maximumFractionDigits: 2 })

export const TopProducts = ({ items }: { readonly items: AdvisorStatistics["topProducts"] }) => (
  <StatsTable
    title={products.title}
    empty={products.empty}
    columns={[{ label: products.product }, { label: products.quantity, numeric: true }, { label: products.revenue, numeric: true }]}
    rows={items.map((product, index) => (
      <tr key={product.id ?? `deleted-${index}`}>
        <th scope="row" className="card-title break-anywhere">
          {product.name}
          {product.id === null && <> <span className="muted small">{products.deleted}</span></>}
        </th>
        <td data-label={products.quantity} className="number">{quantity.format(product.qty)}</td>
        <td data-label={products.revenue} className="number">{formatMoney(product.total)}</td>
      </tr>
    ))}
  />
)

export const TopClients = ({ items }: { readonly items: AdminStatistics["topClients"] }) => (
  <StatsTable
    title={clients.title}
    empty={clients.empty}
    columns={[{ label: clients.client }, { label: clients.orders, numeric: true }, { label: clients.revenue, numeric: true }]}
    rows={items.map((client) => (
      <tr key={client.id}>
        <th scope="row" className="card-title break-anywhere">{client.name}</th>
        <td data-label={clients.orders} className="number">{client.orderCount}</td>
        <td data-label={clients.revenue} className="number">{formatMoney(client.total)}</td>
      </tr>
    ))}
  />
)
