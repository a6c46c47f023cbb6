/**
 * The Content-Security-Policy of the console's HTML (docs/security.md "The web console's
 * session"): scripts, styles, fonts and requests only from the service's own origin, no
 * inline script or style (the build keeps every asset a file), no plugins, no `<base>`,
 * forms only to this origin, and no framing. An injected `<script>` or `onclick` does not
 * run, so an HTML injection cannot become script execution, and what a script could steal
 * cannot be sent elsewhere (`connect-src 'self'`). `/docs` keeps its own policy
 * (`middleware/docs-csp.ts`).
 */
export const consoleContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'"
].join("; ")
