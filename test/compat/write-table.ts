// `npm run compat:table`: regenerates docs/pi-compatibility.md from test/compat/examples.ts.
import { writeFileSync } from "node:fs"
import { renderTable, TABLE_PATH } from "./table"

writeFileSync(TABLE_PATH, renderTable())
console.log(`wrote ${TABLE_PATH}`)
