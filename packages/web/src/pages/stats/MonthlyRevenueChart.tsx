/**
 * "Ingresos por mes": a bar chart drawn by uPlot (a canvas, ≈ 23 KB gzip, loaded only
 * with this page) and the same figures as a table; a range with no revenue in any month
 * says so instead. The canvas is hidden from assistive
 * technology — its summary names the best month, and the table, always in the page for
 * a screen reader, is shown to the eye on demand ("Ver la tabla de datos").
 */
import { type RefObject, useEffect, useId, useRef, useState } from "react"
import { Button } from "react-aria-components"
import uPlot from "uplot"
import "uplot/dist/uPlot.min.css"
import { formatMoney } from "../../format.ts"
import { statsMessages } from "../../i18n/stats-messages.ts"
import { axisMonthLabel, type MonthRevenue, monthName } from "./month-names.ts"

const text = statsMessages.monthly

// The stylesheet's --blue and --muted (a canvas cannot read custom properties cheaply).
const barColour = "#0f4c81"
const axisColour = "#4f5965"
const gridColour = "#e3e8ee"

const compactMoney = new Intl.NumberFormat("es-CO", { style: "currency", currency: "COP", notation: "compact", maximumFractionDigits: 1 })

const chartHeight = (width: number): number => (width < 600 ? 220 : 280)

const chartOptions = (series: ReadonlyArray<MonthRevenue>, width: number): uPlot.Options => {
  const narrow = width < 600
  const bars = uPlot.paths.bars
  return {
    width,
    height: chartHeight(width),
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: {
      x: { time: false, range: [-0.5, series.length - 0.5] },
      y: { range: (_, __, max) => [0, max > 0 ? max * 1.1 : 1] }
    },
    axes: [
      {
        stroke: axisColour,
        grid: { show: false },
        ticks: { show: false },
        splits: () => series.map((_, index) => index),
        // On a phone every other month is named (counting back from the latest), so that the names do not overlap.
        values: (_, splits) =>
          splits.map((index) => {
            const month = series[index]?.month
            if (month === undefined || (narrow && series.length > 6 && (series.length - 1 - index) % 2 === 1)) return ""
            return axisMonthLabel(month, index === 0)
          }),
        size: 44
      },
      {
        stroke: axisColour,
        grid: { stroke: gridColour, width: 1 },
        ticks: { show: false },
        values: (_, splits) => splits.map((value) => compactMoney.format(value)),
        size: narrow ? 64 : 80
      }
    ],
    series: [
      {},
      {
        label: text.revenue,
        fill: barColour,
        stroke: barColour,
        width: 0,
        points: { show: false },
        ...(bars === undefined ? {} : { paths: bars({ size: [0.7, 64], gap: 2 }) })
      }
    ]
  }
}

/** The width of an element, followed as it changes (a rotated phone, a resized window). */
const useWidth = (ref: RefObject<HTMLElement | null>): number => {
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const element = ref.current
    if (element === null) return
    setWidth(element.clientWidth)
    const observer = new ResizeObserver(() => setWidth(element.clientWidth))
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return width
}

/** The canvas, as wide as its container, drawn anew when the data or the width change (a width may thin the axis' names). */
const BarChart = ({ series }: { readonly series: ReadonlyArray<MonthRevenue> }) => {
  const container = useRef<HTMLDivElement>(null)
  const width = useWidth(container)
  useEffect(() => {
    const element = container.current
    if (element === null || width === 0) return
    const data: uPlot.AlignedData = [series.map((_, index) => index), series.map((entry) => entry.total)]
    const chart = new uPlot(chartOptions(series, width), data, element)
    return () => chart.destroy()
  }, [series, width])
  return <div ref={container} className="revenue-chart" aria-hidden="true" />
}

export const MonthlyRevenueTable = ({ series, id, visible }: {
  readonly series: ReadonlyArray<MonthRevenue>
  readonly id: string
  readonly visible: boolean
}) => (
  <div id={id} className={visible ? "table-wrap" : "visually-hidden"}>
    <table>
      <caption className="visually-hidden">{text.title}</caption>
      <thead>
        <tr>
          <th scope="col">{text.month}</th>
          <th scope="col" className="number">{text.revenue}</th>
        </tr>
      </thead>
      <tbody>
        {series.map((entry) => (
          <tr key={entry.month}>
            <th scope="row">{monthName(entry.month)}</th>
            <td className="number">{formatMoney(entry.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
)

export const MonthlyRevenueChart = ({ series }: { readonly series: ReadonlyArray<MonthRevenue> }) => {
  const [tableShown, setTableShown] = useState(false)
  const titleId = useId()
  const tableId = useId()
  const best = series.reduce<MonthRevenue | undefined>((top, entry) => (entry.total > (top?.total ?? 0) ? entry : top), undefined)
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <div className="section-header">
        <h2 id={titleId}>{text.title}</h2>
        {best !== undefined && (
          <Button className="button secondary small" aria-expanded={tableShown} aria-controls={tableId} onPress={() => setTableShown((shown) => !shown)}>
            {tableShown ? text.hideTable : text.showTable}
          </Button>
        )}
      </div>
      <p className="muted small">{text.hint}</p>
      {best === undefined ? <p className="muted">{text.empty}</p> : (
        <>
          <p className="visually-hidden">{text.summary(series.length, monthName(best.month), formatMoney(best.total))}</p>
          <BarChart series={series} />
          <MonthlyRevenueTable series={series} id={tableId} visible={tableShown} />
        </>
      )}
    </section>
  )
}
