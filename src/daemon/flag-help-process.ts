// `xagent --help` lists the flags the extensions register, as `pi --help` does. Only a runtime
// process can load extensions (the CLI never imports Pi), so the CLI runs this entry:
// `bun src/daemon/flag-help-process.ts <json>` with the folder, the -e paths and --no-extensions;
// it prints the flags as one JSON line.
import { listExtensionFlags } from "../runtime/extensions/extension-flags"

const opts = JSON.parse(process.argv[2] ?? "{}") as { cwd?: string; paths?: string[]; noExtensions?: boolean }
// Extensions may print as they load: only the last line is the answer.
const flags = await listExtensionFlags({
  cwd: opts.cwd ?? process.cwd(),
  paths: opts.paths ?? [],
  noExtensions: !!opts.noExtensions,
})
process.stdout.write(`\n${JSON.stringify(flags)}\n`)
process.exit(0)
