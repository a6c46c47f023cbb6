/** The texts of the shared "Exportar CSV" control (ui/CsvExportButton.tsx). */
export const csvExportMessages = {
  button: "Exportar CSV",
  working: "Exportando…",
  done: (fileName: string) => `Se descargó ${fileName}.`,
  format: "Archivo CSV separado por punto y coma (;), en UTF-8: Excel en español lo abre directamente."
} as const
