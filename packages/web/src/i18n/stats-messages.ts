/** The texts of "Estadísticas" (advisors and admins), in Spanish (es-CO), usted form. */
export const statsMessages = {
  title: "Estadísticas",
  introAdvisor: "Sus ventas: ingresos, pedidos, productos más vendidos y últimos pedidos de sus clientes.",
  introAdmin: "Las ventas de todo el negocio o de un asesor: ingresos, pedidos, productos y clientes principales.",
  rejectedNote: "Las cotizaciones rechazadas no cuentan como ingresos.",
  filters: {
    label: "Filtros de las estadísticas",
    from: "Desde",
    to: "Hasta",
    clear: "Quitar filtros",
    rangeInverted: "La fecha «Desde» es posterior a la fecha «Hasta». Corrija el rango para ver las cifras.",
    rangeHint: "Fechas de creación de los pedidos, en hora de Bogotá. Sin fechas: todo el historial."
  },
  loading: "Consultando estadísticas…",
  figures: {
    label: "Resumen",
    revenue: "Ingresos",
    orders: "Pedidos",
    syncedErp: "Enviados al ERP",
    pendingErp: "Pendientes de ERP",
    activeClients: "Clientes activos",
    activeProducts: "Productos activos",
    activeUsers: "Usuarios activos"
  },
  monthly: {
    title: "Ingresos por mes",
    hint: "Los últimos 12 meses; cada mes suma solo los pedidos del rango elegido.",
    showTable: "Ver la tabla de datos",
    hideTable: "Ocultar la tabla de datos",
    month: "Mes",
    revenue: "Ingresos",
    empty: "No hay ingresos en los últimos 12 meses dentro de este rango.",
    summary: (months: number, best: string, bestTotal: string) =>
      `Gráfico de barras de ${months === 1 ? "1 mes" : `${months} meses`}; el mes más alto es ${best} con ${bestTotal}. Los valores están en la tabla de datos.`
  },
  topProducts: {
    title: "Productos más vendidos",
    product: "Producto",
    quantity: "Cantidad",
    revenue: "Ingresos",
    empty: "No hay productos vendidos en este rango.",
    deleted: "(eliminado del catálogo)"
  },
  topClients: {
    title: "Clientes principales",
    client: "Cliente",
    orders: "Pedidos",
    revenue: "Ingresos",
    empty: "No hay pedidos de clientes en este rango."
  },
  recent: {
    title: "Pedidos recientes",
    code: "Código",
    date: "Fecha",
    client: "Cliente",
    status: "Estado",
    total: "Total",
    erp: "ERP",
    openErp: (code: string) => `Abrir ${code} en el ERP`,
    openErpShort: "Ver en el ERP",
    noErp: "—",
    empty: "No hay pedidos en este rango."
  },
  empty: {
    title: "Aún no hay ventas para mostrar",
    hint: "Cuando lleguen pedidos en el rango elegido, sus cifras aparecerán aquí."
  }
} as const
