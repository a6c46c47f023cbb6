// Runs in the consumer project (plain Node, no build step): the offline preview of each
// case in the JSON file given, as one JSON array on stdout.
import { readFileSync } from "node:fs"
import { cutoffPreview } from "@quote/core/preview"

const cases = JSON.parse(readFileSync(process.argv[2], "utf8"))
console.log(JSON.stringify(cases.map(({ schedule, at }) => cutoffPreview(schedule, at))))
