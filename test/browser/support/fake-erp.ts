/**
 * A fake Siigo for a browser test, started as a developer starts one (`npm run fake-erp`,
 * packages/adapters/src/dev/fake-siigo) on a free port of 127.0.0.1 with credentials of
 * the test's own, and stopped (its process group) by `stop`. The service under test is
 * pointed at it through the console's own ERP settings page.
 */
import { spawn } from "node:child_process"
import { freePort, root } from "../../support/server-process.ts"

export interface FakeErp {
  readonly url: string
  readonly username: string
  readonly accessKey: string
  readonly stop: () => Promise<void>
}

export interface FakeErpOptions {
  /** Products in the fake catalog. */
  readonly products: number
  /** Most records in one page of a listing, whatever the client asks. */
  readonly maxPageSize: number
  /** Delay of each answer, so that a sync lasts long enough to watch its progress. */
  readonly delayMs: number
}

export const startFakeErp = async (options: FakeErpOptions): Promise<FakeErp> => {
  const port = await freePort()
  const username = "browser-test@quote.example"
  const accessKey = `browser-key-${Math.random().toString(36).slice(2, 12)}`
  const child = spawn("npm", ["run", "--silent", "fake-erp"], {
    cwd: root,
    // Its own process group, so that `stop` ends npm and the node it started.
    detached: true,
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      FAKE_ERP_PORT: String(port),
      FAKE_ERP_PRODUCTS: String(options.products),
      FAKE_ERP_MAX_PAGE_SIZE: String(options.maxPageSize),
      FAKE_ERP_DELAY_MS: String(options.delayMs),
      FAKE_ERP_USERNAME: username,
      FAKE_ERP_ACCESS_KEY: accessKey
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()))
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the fake ERP did not start:\n${output}`)), 60_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8")
      const url = /Fake Siigo listening on (\S+)/.exec(output)?.[1]
      if (url !== undefined) {
        clearTimeout(timer)
        resolve(url)
      }
    }
    child.stdout.on("data", read)
    child.stderr.on("data", read)
    void exited.then(() => reject(new Error(`the fake ERP exited:\n${output}`)))
  })
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      process.kill(-child.pid, "SIGTERM")
      await exited
    }
  }
  try {
    return { url: await listening, username, accessKey, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
