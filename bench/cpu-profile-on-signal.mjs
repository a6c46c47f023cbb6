// Preloaded into a server by `profile-server.ts` (`node --import`): the first SIGUSR2
// starts the inspector's CPU profiler, the second stops it and writes the profile to
// `$PROFILE_OUT`. So a profile holds the load alone, not the start or the set-up.
import { writeFileSync } from "node:fs"
import { Session } from "node:inspector"

const session = new Session()
session.connect()
let profiling = false
process.on("SIGUSR2", () => {
  if (!profiling) {
    profiling = true
    session.post("Profiler.enable", () =>
      session.post("Profiler.setSamplingInterval", { interval: 200 }, () => session.post("Profiler.start")))
    return
  }
  session.post("Profiler.stop", (error, result) => {
    profiling = false
    if (error === null) writeFileSync(process.env.PROFILE_OUT ?? "server.cpuprofile", JSON.stringify(result.profile))
  })
})
