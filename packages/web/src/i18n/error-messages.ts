/**
 * A Spanish sentence for every error code a screen of the console can meet (the spec's
 * codes, docs/errors.md). A code missing here falls back to the generic sentence plus the
 * request id (`describeFailure`).
 */
export const errorMessages: Readonly<Record<string, string>> = {
  VALIDATION_ERROR: "Algunos datos no son válidos. Revise el formulario.",
  INVALID_CREDENTIALS: "El correo o la contraseña no son correctos.",
  INVALID_TOKEN: "Su sesión terminó. Ingrese de nuevo.",
  TOO_MANY_ATTEMPTS: "Demasiados intentos fallidos. Espere un momento antes de volver a intentarlo.",
  FORBIDDEN: "Su usuario no tiene permiso para esta acción.",
  NOT_FOUND: "No se encontró lo que busca; puede haber sido eliminado.",
  NO_COMPANY: "Su usuario no está asociado a ninguna empresa. Comuníquese con su asesor.",
  CLIENT_NOT_FOUND: "No encontramos su registro de cliente. Comuníquese con su asesor.",
  BRANCH_NOT_FOUND: "La sucursal no existe, está inactiva o no pertenece a su empresa.",
  PRODUCT_NOT_FOUND: "Uno o más productos ya no están disponibles.",
  ROUTE_CLOSED: "La ruta de esta sucursal está cerrada para pedidos en este momento.",
  IDEMPOTENCY_KEY_REUSED: "Este pedido ya se envió con otro contenido. Recargue la página y revise sus cotizaciones.",
  EMPTY_PATCH: "No hay cambios para guardar.",
  API_KEY_EXPIRED: "La llave ya venció y no se puede rotar. Cree una llave nueva.",
  DUPLICATE_EMAIL: "Ya existe un usuario con ese correo electrónico.",
  LAST_BRANCH: "No puede desactivar la última sucursal activa de la empresa.",
  LAST_USER: "No puede desactivar el último usuario activo de la empresa.",
  CANNOT_DELETE_SELF: "No puede desactivar su propio usuario.",
  MISSING_PASSWORD: "Escriba una contraseña.",
  DISK_FULL: "El servidor se quedó sin espacio en disco: por ahora no se pueden guardar cambios, pero puede consultar la información. Avise al administrador.",
  // Webhooks
  INVALID_WEBHOOK_URL: "La dirección del webhook no es válida o apunta a un destino no permitido. Use una dirección https pública.",
  WEBHOOK_LIMIT_REACHED: "Ya hay 10 endpoints registrados, el máximo. Elimine uno que ya no use para crear otro.",
  ENDPOINT_INACTIVE: "El endpoint está inactivo. Actívelo antes de recuperar sus entregas.",
  DELIVERY_IN_PROGRESS: "Esa entrega se está enviando en este momento. Espere unos segundos y actualice la lista.",
  // ERP (Siigo)
  ERP_NOT_CONFIGURED: "La conexión con el ERP no está configurada. Complete los datos de conexión en la página «ERP».",
  ERP_NOT_CONNECTED: "Este ambiente no está conectado al ERP; aquí no se envía nada al ERP.",
  ERP_AUTH_FAILED: "El ERP rechazó el usuario o la llave de acceso. Revise los datos de conexión.",
  ERP_HTTP_ERROR: "El ERP rechazó la solicitud o no respondió. Intente de nuevo en unos minutos.",
  ERP_CUSTOMER_NOT_FOUND: "El cliente no existe en el ERP.",
  SYNC_ALREADY_RUNNING: "Ya hay una sincronización en curso. Espere a que termine.",
  QUOTE_NOT_FOUND: "La cotización no existe.",
  MISSING_NIT: "La empresa no tiene NIT; regístrelo antes de exportarla al ERP.",
  COMPANY_NOT_FOUND: "La empresa no existe o fue eliminada.",
  // Cotizaciones: a status change, the send to the ERP
  INVALID_STATUS_TRANSITION: "La cotización ya no está en un estado que permita ese cambio; otra persona pudo haberla decidido. La página muestra su estado actual.",
  ALREADY_SYNCED: "La cotización ya se había enviado al ERP.",
  QUOTE_HAS_NO_ITEMS: "La cotización no tiene productos; no se puede enviar al ERP.",
  QUOTE_HAS_DELETED_PRODUCTS: "La cotización tiene productos que ya no están en el catálogo; el ERP no los puede recibir.",
  QUOTE_HAS_UNSYNCED_PRODUCTS: "Algunos productos de la cotización aún no existen en el ERP. Sincronice el catálogo en la página «ERP» e intente de nuevo.",
  MISSING_CLIENT_NIT: "El cliente no tiene NIT; regístrelo antes de enviar la cotización al ERP.",
  MISSING_SELLER_ID: "El asesor de la cotización no tiene su número de vendedor del ERP y no hay uno por defecto. Asígnelo en «Usuarios» e intente de nuevo.",
  DB_COMMIT_FAILED: "El ERP recibió la cotización, pero no se pudo guardar aquí. No la envíe de nuevo; revise el historial de envíos en la página «ERP».",
  INVALID_SCHEDULE: "El calendario de la ruta no se puede usar: ninguna fecha recibiría pedidos o falta un dato. Revise la vista previa.",
  ADVISOR_NOT_FOUND: "El asesor elegido no existe o está inactivo.",
  DEFAULT_PRICE_LIST_REQUIRED:
    "Siempre debe haber una lista general activa. Para cambiarla, marque otra lista como general; esta no se puede eliminar, desactivar ni dejar de ser la general.",
  // Clientes, Empresas, Usuarios (the back office's people)
  INVALID_PHONE: "El teléfono no es válido: escriba un celular de 10 dígitos (300 123 4567) o el número con el indicativo del país (+57 …).",
  DUPLICATE_PHONE: "Este cliente ya tiene ese teléfono.",
  DUPLICATE_NIT: "Ya existe otra empresa o cliente con ese NIT.",
  INVALID_NIT: "El NIT no es válido para el sistema contable: escriba el NIT real de la empresa (no uno provisional «NIT-…»).",
  BRANCH_COMPANY_MISMATCH: "La sucursal no pertenece a la empresa elegida.",
  PRICE_LIST_NOT_FOUND: "La lista de precios no existe o está inactiva.",
  ROUTE_NOT_FOUND: "La ruta no existe.",
  INTERNAL_ERROR: "Ocurrió un error en el servidor."
}
