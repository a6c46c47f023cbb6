import { Navigate } from "@tanstack/react-router"
import { homePathOf, useUser } from "../session/session.tsx"

/** `/`: each role's home (client → "Hacer pedido", advisor and admin → "Cotizaciones"). */
export const HomeRedirect = () => <Navigate to={homePathOf(useUser().role)} replace />
