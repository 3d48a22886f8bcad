// The TypeBox schemas of every request: the session host's (`Schemas`) and the daemon's own
// (`DaemonSchemas`), checked where requests arrive (src/daemon/validate.ts, the session host).
// Kept apart from the rest of the protocol so that the window, which only sends requests, never
// loads TypeBox (about 8 MB of resident memory in a Bun process).
import { Type, type TSchema } from "typebox"

const Id = Type.String({ minLength: 1, maxLength: 200 })
const SessionRef = { sessionId: Id }
const ProfileScope = Type.Union([Type.Literal("global"), Type.Literal("project")])
const ProfileGroup = Type.Union([
  Type.Literal("built-in"),
  Type.Literal("global"),
  Type.Literal("project"),
  Type.Literal("claude"),
  Type.Literal("unreadable"),
])
const ProfileName = Type.String({ minLength: 1, maxLength: 64 })
/**
 * The sending window's id (as in session.componentInput): a replacement of Pi's session the
 * request makes, its extension commands' included, is stamped with it (SessionInfo.movedBy).
 */
const Window = { window: Type.Optional(Id) }
/** Pi's rule for MCP server names: letters, digits, `_` and `-`. */
const McpName = Type.String({ pattern: "^[A-Za-z0-9_-]{1,64}$" })
const NameValue = Type.Object({ name: Type.String(), value: Type.String() })
// Spelled out: a mapped array would type every level as \`undefined\` for Static<>.
const Thinking = Type.Union([
  Type.Literal("off"),
  Type.Literal("minimal"),
  Type.Literal("low"),
  Type.Literal("medium"),
  Type.Literal("high"),
  Type.Literal("xhigh"),
  Type.Literal("max"),
])

const Permissions = Type.Union([Type.Literal("sandboxed"), Type.Literal("full")])
const PackageScope = Type.Union([Type.Literal("user"), Type.Literal("project")])

const Names = Type.Array(Type.String({ minLength: 1 }))

/** Pi's run options, named as Pi's parsed command line names them (`pi --help`). */
export const PiOptions = Type.Object({
  systemPrompt: Type.Optional(Type.String()),
  appendSystemPrompt: Type.Optional(Type.Array(Type.String())),
  /** Allowlist of tool names or patterns (`--tools`); `+name`/`-name` entries edit the defaults. */
  tools: Type.Optional(Names),
  excludeTools: Type.Optional(Names),
  /** `all`: `--no-tools`; `builtin`: `--no-builtin-tools`. */
  noTools: Type.Optional(Type.Union([Type.Literal("all"), Type.Literal("builtin")])),
  noExtensions: Type.Optional(Type.Boolean()),
  noSkills: Type.Optional(Type.Boolean()),
  noPromptTemplates: Type.Optional(Type.Boolean()),
  noContextFiles: Type.Optional(Type.Boolean()),
  /** No MCP: Pi's MCP extension is left out, so no server connects (`--no-mcp`). */
  noMcp: Type.Optional(Type.Boolean()),
  /** Absolute paths (or package sources) of more skills and prompt templates. */
  skills: Type.Optional(Names),
  promptTemplates: Type.Optional(Names),
  /** An in-memory session: nothing is written to disk (`--no-session`). */
  noSession: Type.Optional(Type.Boolean()),
  /** The session's display name (`--name`). */
  name: Type.Optional(Type.String({ minLength: 1 })),
  /** An API key for the run's model, held in memory only (`--api-key`). */
  apiKey: Type.Optional(Type.String({ minLength: 1 })),
  /** Where sessions are stored and looked up (`--session-dir`, absolute). */
  sessionDir: Type.Optional(Type.String({ minLength: 1 })),
  /** The folder's session with this id, created with it when there is none (`--session-id`). */
  sessionId: Type.Optional(Type.String({ pattern: "^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$" })),
  /** Model patterns for cycling (`--models`), in place of the enabledModels setting. */
  models: Type.Optional(Names),
  /** `--approve` (true) trusts the project's local files for this run, `--no-approve` (false) ignores them. */
  projectTrust: Type.Optional(Type.Boolean()),
  /** The welcome shows even with Pi's quietStartup set (`--verbose`). */
  verbose: Type.Optional(Type.Boolean()),
})

export const OpenMode = Type.Union([
  Type.Object({ kind: Type.Literal("new") }),
  Type.Object({ kind: Type.Literal("continue") }),
  /** A session file path or a Pi session id (or a unique prefix of one). */
  Type.Object({ kind: Type.Literal("session"), ref: Type.String({ minLength: 1 }) }),
  /** A copy of that session (a path, an id or a prefix) as a new session in this folder (`--fork`). */
  Type.Object({ kind: Type.Literal("fork"), ref: Type.String({ minLength: 1 }) }),
])

export const Schemas = {
  hello: Type.Object({
    version: Type.Integer(),
    client: Type.String(),
    pid: Type.Optional(Type.Integer()),
    /** The window's environment: the sessions it opens run with it, not with the daemon's. */
    env: Type.Optional(Type.Record(Type.String(), Type.String())),
  }),
  "session.open": Type.Object({
    cwd: Type.String({ minLength: 1 }),
    mode: OpenMode,
    model: Type.Optional(Type.String()),
    thinking: Type.Optional(Thinking),
    extensions: Type.Optional(Type.Array(Type.String())),
    /**
     * The session file of the session that started this one (a background subagent's parent),
     * written as the new session's `parentSession`: listings name it (`SavedSession.forkOf`).
     */
    parent: Type.Optional(Type.String({ minLength: 1 })),
    /** False for runs with no window to answer (`--print`): ask_user is left out. Default true. */
    interactive: Type.Optional(Type.Boolean()),
    /**
     * False where nobody answers Pi's built-in project trust question (an editor over ACP): with
     * `defaultProjectTrust: "ask"` the project's protected resources are then skipped, as in Pi's
     * print mode. Default: as `interactive`.
     */
    trustPrompt: Type.Optional(Type.Boolean()),
    /** Bundled extensions (extensions/<name>) this session does not load (`--no-bundled`, XAGENT_NO_BUNDLED). */
    noBundled: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    /** `full`: no sandbox for this session (`--dangerously-skip-sandbox`); never remembered. */
    permissions: Type.Optional(Permissions),
    /** Pi's own run options (its CLI flags of the same names), see PiOptions. */
    pi: Type.Optional(PiOptions),
    /** Extension flags (`pi.registerFlag`) from the command line: `--plan` is true, `--preset fast` "fast". */
    flags: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.Union([Type.String(), Type.Boolean()]))),
    /**
     * An external ACP agent runs the session instead of Pi (`xagent --agent`): its program and
     * arguments, and the environment it gets beside the host's (docs/adr-acp-client.md).
     */
    agent: Type.Optional(
      Type.Object({
        command: Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { minItems: 1, maxItems: 256 }),
        env: Type.Optional(Type.Record(Type.String({ pattern: "^[A-Za-z_][A-Za-z0-9_]*$" }), Type.String())),
        /** One of the agent's own sessions (its `session/list` id) to reopen instead of a new one. */
        sessionId: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
      }),
    ),
  }),
  "session.subscribe": Type.Object({ ...SessionRef, after: Type.Integer({ minimum: 0 }) }),
  "session.unsubscribe": Type.Object(SessionRef),
  "session.close": Type.Object(SessionRef),
  "session.prompt": Type.Object({
    ...SessionRef,
    ...Window,
    text: Type.String(),
    behavior: Type.Optional(Type.Union([Type.Literal("steer"), Type.Literal("followUp")])),
    /** The window's composer: `@path` tokens naming files attach them (common/attachment.ts). */
    attachFiles: Type.Optional(Type.Boolean()),
    /** The window's composer: `$name` tokens naming loaded skills require them (common/required-skills.ts). */
    requireSkills: Type.Optional(Type.Boolean()),
    /** Pi image content: base64 data and its MIME type. */
    images: Type.Optional(
      Type.Array(
        Type.Object({
          type: Type.Literal("image"),
          data: Type.String({ minLength: 1 }),
          mimeType: Type.String({ pattern: "^image/(png|jpeg|gif|webp)$" }),
        }),
        { maxItems: 20 },
      ),
    ),
  }),
  /** `excludeFromContext`: `!!command`, whose output the model never sees (Pi's convention). */
  "session.bash": Type.Object({
    ...SessionRef,
    command: Type.String({ minLength: 1 }),
    excludeFromContext: Type.Optional(Type.Boolean()),
    /**
     * The sending window's terminal, for an extension that runs the command on it (interactive-shell's
     * `tui.stop()`): its process, its tty's path and where it answers that it has stepped aside.
     */
    terminal: Type.Optional(
      Type.Object({
        pid: Type.Integer({ minimum: 1 }),
        tty: Type.String({ minLength: 1, maxLength: 4096 }),
        reply: Type.String({ minLength: 1, maxLength: 4096 }),
      }),
    ),
  }),
  /** `!outside`: this one command, exactly, without the sandbox; a window sends it after its person approved. */
  "session.bashOutside": Type.Object({ ...SessionRef, command: Type.String({ minLength: 1 }) }),
  /** `/permissions`: the sandbox on (`sandboxed`) or off (`full`) for this live session. */
  "session.setPermissions": Type.Object({ ...SessionRef, mode: Permissions }),
  /** `ask`: gated tool calls wait for consent (a `permission` dialog) in this live session; never saved. */
  "session.setApproval": Type.Object({
    ...SessionRef,
    approval: Type.Union([Type.Literal("ask"), Type.Literal("off")]),
  }),
  /** An editor's MCP servers for this live session only, replacing the ones set before; never saved. */
  "session.setMcpServers": Type.Object({
    ...SessionRef,
    servers: Type.Array(
      Type.Union([
        Type.Object({
          type: Type.Literal("stdio"),
          name: McpName,
          command: Type.String({ minLength: 1 }),
          args: Type.Array(Type.String()),
          env: Type.Array(NameValue),
        }),
        Type.Object({
          type: Type.Literal("http"),
          name: McpName,
          url: Type.String({ minLength: 1 }),
          headers: Type.Array(NameValue),
        }),
      ]),
      { maxItems: 64 },
    ),
  }),
  /** Whether an editor on this session answers `editor_read` (ACP clients that offer fs.readTextFile). */
  "session.setEditorFiles": Type.Object({ ...SessionRef, read: Type.Boolean() }),
  /** An editor's answer to `editor_read`: the file's text, or none (the host reads the disk). */
  "session.editorFile": Type.Object({
    ...SessionRef,
    requestId: Id,
    text: Type.Optional(Type.String()),
  }),
  /** An edit's or write's change, kept while approval is "ask"; each is given once. */
  "session.fileChange": Type.Object({ ...SessionRef, toolCallId: Id }),
  "session.abort": Type.Object(SessionRef),
  /** The extensions' completions (ctx.ui.addAutocompleteProvider) for the prompt's text at `cursor` (string index). */
  "session.complete": Type.Object({
    ...SessionRef,
    text: Type.String({ maxLength: 100_000 }),
    cursor: Type.Integer({ minimum: 0 }),
  }),
  /** An extension's shortcut (`pi.registerShortcut`) the person pressed: `key` as SessionInfo lists it. */
  "session.shortcut": Type.Object({ ...SessionRef, key: Type.String({ minLength: 1, maxLength: 100 }) }),
  /** Empties the queue and hands its texts back, so the composer can take them again. */
  "session.dequeue": Type.Object(SessionRef),
  /**
   * One queued message (`/follow-up`): `edit` replaces its text (its images stay), `remove` drops it,
   * `sendNow` stops the reply and sends it (only the next eligible one: the first steer, else the
   * first follow-up). `text` is what the window showed, so a row delivered meanwhile is not mistaken.
   */
  "session.queueEdit": Type.Object({
    ...SessionRef,
    kind: Type.Union([Type.Literal("steering"), Type.Literal("followUp")]),
    index: Type.Integer({ minimum: 0 }),
    text: Type.String(),
    action: Type.Union([Type.Literal("edit"), Type.Literal("remove"), Type.Literal("sendNow")]),
    newText: Type.Optional(Type.String({ minLength: 1, maxLength: 1_000_000 })),
  }),
  "session.saveUnsaved": Type.Object(SessionRef),
  "session.commands": Type.Object(SessionRef),
  "session.models": Type.Object(SessionRef),
  "session.setModel": Type.Object({ ...SessionRef, provider: Type.String(), id: Type.String() }),
  "session.setThinking": Type.Object({ ...SessionRef, level: Thinking }),
  /** The next (or previous) of Pi's scoped models (settings `enabledModels`), else of the usable ones. */
  "session.cycleModel": Type.Object({
    ...SessionRef,
    direction: Type.Optional(Type.Union([Type.Literal("forward"), Type.Literal("backward")])),
  }),
  /**
   * One of an external ACP agent's settings (`session.models`' `agent`), to a value it offered:
   * `session/set_config_option`, or `session/set_mode` for an agent with only the older modes.
   */
  "session.setAgentOption": Type.Object({
    ...SessionRef,
    kind: Type.Union([Type.Literal("model"), Type.Literal("effort"), Type.Literal("mode")]),
    value: Type.String({ minLength: 1, maxLength: 1000 }),
  }),
  /**
   * The window's theme, for the Pi components the host renders (and their `theme`); `themes` is
   * the window's list (an extension's getAllThemes/getTheme); `save` writes Pi's `theme` setting.
   */
  "session.theme": Type.Object({
    ...SessionRef,
    current: Type.String({ minLength: 1 }),
    themes: Type.Array(
      Type.Object({
        name: Type.String({ minLength: 1 }),
        path: Type.Optional(Type.String()),
        appearance: Type.Union([Type.Literal("light"), Type.Literal("dark")]),
        colors: Type.Record(Type.String(), Type.String()),
      }),
      { maxItems: 500 },
    ),
    save: Type.Optional(Type.String({ minLength: 1 })),
  }),
  /** Pi's settings that /settings edits, with their values and choices. */
  "settings.list": Type.Object(SessionRef),
  "settings.set": Type.Object({ ...SessionRef, key: Type.String({ minLength: 1 }), value: Type.String() }),
  /** Reloads extensions, skills, prompt templates, settings and context files (Pi's /reload). */
  "session.reload": Type.Object(SessionRef),
  "session.compact": Type.Object({ ...SessionRef, instructions: Type.Optional(Type.String()) }),
  "session.new": Type.Object({ ...SessionRef, ...Window }),
  "session.switch": Type.Object({ ...SessionRef, ...Window, path: Type.String({ minLength: 1 }) }),
  /** An agent session's agent's own sessions of its folder (`session/list`, where it offers it). */
  "session.agentSessions": Type.Object(SessionRef),
  /** One of those opened as a new session of xagent on the same agent (the daemon starts it). */
  "session.openAgentSession": Type.Object({
    ...SessionRef,
    ...Window,
    agentSessionId: Type.String({ minLength: 1, maxLength: 1024 }),
  }),
  "session.forkPoints": Type.Object(SessionRef),
  "session.fork": Type.Object({ ...SessionRef, ...Window, entryId: Id }),
  "session.tree": Type.Object(SessionRef),
  /** `summarize`: leave a summary of the branch left behind (Pi's "Summarize branch?"), with `customInstructions`. */
  "session.navigate": Type.Object({
    ...SessionRef,
    entryId: Id,
    summarize: Type.Optional(Type.Boolean()),
    customInstructions: Type.Optional(Type.String({ maxLength: 20_000 })),
  }),
  "session.setName": Type.Object({ ...SessionRef, name: Type.String({ minLength: 1, maxLength: 200 }) }),
  "session.export": Type.Object({
    ...SessionRef,
    format: Type.Union([Type.Literal("html"), Type.Literal("markdown"), Type.Literal("jsonl")]),
    path: Type.Optional(Type.String()),
  }),
  "session.lastReply": Type.Object(SessionRef),
  /**
   * /btw: a side question answered by a tool-free run over a copy of the conversation. `id` is
   * the asking window's own: the answer streams back as `side_answer` events carrying it.
   */
  "session.btw": Type.Object({ ...SessionRef, id: Id, question: Type.String({ minLength: 1, maxLength: 20000 }) }),
  "session.diff": Type.Object(SessionRef),
  "session.earlier": Type.Object({ ...SessionRef, before: Id }),
  /** The images of the person's message sent at `timestamp` (its item's); an editor's load replays them. */
  "session.userImages": Type.Object({ ...SessionRef, timestamp: Type.Number() }),
  "session.usage": Type.Object(SessionRef),
  /**
   * /doctor: the local readiness checks, in the session's folder, with what the session loaded.
   * `live: "plan"` adds what the live check would send (for the window to confirm); `"run"` makes it.
   */
  "session.doctor": Type.Object({
    ...SessionRef,
    live: Type.Optional(Type.Union([Type.Literal("plan"), Type.Literal("run")])),
  }),
  /** /context: the runs' recorded configuration, what fills the window, each request's size. */
  "session.context": Type.Object(SessionRef),
  "session.uiRespond": Type.Object({
    ...SessionRef,
    requestId: Id,
    response: Type.Union([
      Type.Object({ value: Type.String() }),
      Type.Object({ confirmed: Type.Boolean() }),
      /** ask_user answers; the tool checks them against its questions (validateAnswers). */
      Type.Object({ answers: Type.Array(Type.Unknown()) }),
      Type.Object({ cancelled: Type.Literal(true), reason: Type.Optional(Type.String({ maxLength: 500 })) }),
    ]),
  }),
  /** A key (the terminal bytes pi-tui reads) for a Pi component; `window` names the sending window. */
  "session.componentInput": Type.Object({
    ...SessionRef,
    componentId: Id,
    window: Id,
    data: Type.String({ minLength: 1, maxLength: 65_536 }),
  }),
  /** A window's size, for the host to render Pi components at. */
  "session.componentResize": Type.Object({
    ...SessionRef,
    window: Id,
    width: Type.Integer({ minimum: 1, maximum: 10_000 }),
    height: Type.Integer({ minimum: 1, maximum: 10_000 }),
  }),
  /** Agent profiles for the /agents page: built-in, global, project, Claude Code's, unreadable files. */
  "agents.list": Type.Object({ ...SessionRef }),
  /** A new profile from a template, a copy under a new name, or a profile file deleted. */
  "agents.change": Type.Object({
    ...SessionRef,
    change: Type.Union([
      Type.Object({ action: Type.Literal("new"), scope: ProfileScope, name: ProfileName }),
      Type.Object({
        action: Type.Literal("copy"),
        scope: ProfileScope,
        name: ProfileName,
        from: Type.Object({ group: ProfileGroup, name: Type.String({ minLength: 1, maxLength: 256 }) }),
      }),
      Type.Object({ action: Type.Literal("delete"), file: Type.String({ minLength: 1, maxLength: 4096 }) }),
    ]),
  }),
  /** The session folder's Pi packages and resources (`pi config`'s list), read without running any of them. */
  "packages.list": Type.Object({ ...SessionRef }),
  /** One resource on or off as `pi config` does it, in the user's or the project's settings. */
  "packages.toggle": Type.Object({
    ...SessionRef,
    scope: PackageScope,
    kind: Type.Union([
      Type.Literal("extensions"),
      Type.Literal("skills"),
      Type.Literal("prompts"),
      Type.Literal("themes"),
    ]),
    path: Type.String({ minLength: 1, maxLength: 4096 }),
  }),
  /** Pi's `install`/`remove` (a source, in a scope) or `update` (one source, or every package). */
  "packages.run": Type.Union([
    Type.Object({
      ...SessionRef,
      command: Type.Union([Type.Literal("install"), Type.Literal("remove")]),
      source: Type.String({ minLength: 1, maxLength: 4096 }),
      scope: PackageScope,
    }),
    Type.Object({
      ...SessionRef,
      command: Type.Literal("update"),
      source: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    }),
  ]),
  /** Saved sessions of a folder (or all), newest first, with live state where a host runs them. */
  "sessions.list": Type.Object({ cwd: Type.Optional(Type.String()), all: Type.Optional(Type.Boolean()) }),
  "auth.status": Type.Object({}),
  /** Starts a subscription sign-in whose dialog (a held `login` request) appears in this session's windows. */
  "auth.login": Type.Object({ ...SessionRef, provider: Type.String({ minLength: 1 }) }),
  "auth.setApiKey": Type.Object({ provider: Type.String({ minLength: 1 }), key: Type.String({ minLength: 1 }) }),
} satisfies Record<string, TSchema>

// Requests the daemon answers itself (not a session host). They are kept out of `Method` so a host
// never sees them; `daemon.status` and `daemon.stop` stay valid across protocol versions, so an
// older daemon can always be inspected and replaced.
export const DaemonSchemas = {
  ping: Type.Object({}),
  "daemon.status": Type.Object({}),
  /** `ifIdle`: stop only when no session is live (a newer window replacing an old daemon). */
  "daemon.stop": Type.Object({ ifIdle: Type.Optional(Type.Boolean()) }),
  /**
   * Remote control of a live session (protocol/remote.ts). `listen`: `[http://]host[:port]`
   * (plain HTTP on a loopback address only; default 127.0.0.1 on a free port, HTTPS).
   */
  "remote.start": Type.Object({
    ...SessionRef,
    listen: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    /** The address a tunnel the person runs serves it on (`https://name.example`): the link names it. */
    publicUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  }),
  "remote.stop": Type.Object(SessionRef),
  /** With `since`: answered when the status's version is no longer `since` (or after a while). */
  "remote.status": Type.Object({ ...SessionRef, since: Type.Optional(Type.Integer({ minimum: 0 })) }),
  "remote.decide": Type.Object({ ...SessionRef, requestId: Id, allow: Type.Boolean() }),
  "remote.revoke": Type.Object({ ...SessionRef, deviceId: Id }),
} satisfies Record<string, TSchema>
