/**
 * How long a browser keeps each file of the console. Vite names every file under
 * `/assets/` after a hash of its content, so a URL there never changes meaning: cached for
 * a year without revalidation. Everything else — `index.html` above all, which names the
 * current assets — is revalidated on every use (`no-cache`, answered 304 by its ETag), so
 * a new build is seen on the next load.
 */
export const hashedAssetsPrefix = "/assets/"

export const immutableCacheControl = "public, max-age=31536000, immutable"
export const revalidateCacheControl = "no-cache"

export const cacheControlFor = (urlPath: string): string =>
  urlPath.startsWith(hashedAssetsPrefix) ? immutableCacheControl : revalidateCacheControl
