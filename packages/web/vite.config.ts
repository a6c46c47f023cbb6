/**
 * The console's build (`npm run build -w @quote/web`, served by the service from `dist/`)
 * and its development server (`npm run dev -w @quote/web`: hot reload on :5173, `/api`
 * proxied to a service running on :3000, or `QUOTE_API_URL`). See docs/console.md.
 */
import optimizeLocales from "@react-aria/optimize-locales-plugin"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

const apiTarget = process.env.QUOTE_API_URL ?? "http://localhost:3000"

export default defineConfig({
  // React Aria ships its widgets' built-in texts in ~34 languages; the console speaks
  // Spanish only (about 30 KB gzip less on every page).
  plugins: [react(), optimizeLocales.vite({ locales: ["es-CO", "es-ES"] })],
  // `@quote/core/preview` from source: the workspace runs its packages unbuilt.
  resolve: { conditions: ["quote-source", "module", "browser", "development|production"] },
  server: { port: 5173, proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The strict CSP (script-src 'self') forbids inline scripts and styles: keep every
    // asset a file, however small.
    assetsInlineLimit: 0,
    sourcemap: false,
    target: "es2022",
    rolldownOptions: {
      output: {
        // React and the router change rarely: one long-cached vendor chunk.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "tanstack", test: /node_modules[\\/]@tanstack[\\/]/ }
          ]
        }
      }
    }
  }
})
