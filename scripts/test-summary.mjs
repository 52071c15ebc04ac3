// Prints the plain closing line CI readers look for ("tests: N passed, N failed, N skipped")
// from a vitest JSON report. Usage: node scripts/test-summary.mjs <report.json> [label]
import { readFileSync } from "node:fs"

const [file, label = "tests"] = process.argv.slice(2)
const report = JSON.parse(readFileSync(file, "utf8"))
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
console.log(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`)
process.exit(report.numFailedTests > 0 || report.success === false ? 1 : 0)
