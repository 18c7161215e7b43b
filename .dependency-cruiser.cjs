// The layers of src/, lowest first, and the rules that hold them (docs/architecture.md draws them).
// A folder may import its own files, the core, and the folders of lower layers; never a folder of its
// own layer or of a higher one. `npm run layers` checks it (and .ci/run, through `npm test`): a
// forbidden import fails with the rule's name, the file and the import.
const LAYERS = [
  // Plain modules at the top of src/ (errors, clock, users, json-schema, …): everyone's vocabulary.
  { name: "core", folders: [] },
  // What the servers answer, as data: routes' contracts, answer schemas, error texts. Servers, clients and documents share it.
  { name: "contracts", folders: ["contracts"] },
  { name: "config", folders: ["config"] },
  { name: "store", folders: ["store"] },
  { name: "http", folders: ["http"] },
  { name: "auth", folders: ["auth"] },
  { name: "shared services", folders: ["identity", "bff", "journal"] },
  { name: "domains", folders: ["storefront", "wallet", "host-app"] },
  { name: "controls", folders: ["controls"] },
  { name: "openapi", folders: ["openapi"] },
  { name: "client tier", folders: ["client"] },
  { name: "agent", folders: ["agent"] },
  { name: "services", folders: ["services"] },
  { name: "runtime", folders: ["runtime"] },
  { name: "clients", folders: ["check", "tui", "scenario"] },
  { name: "cli", folders: ["cli"] },
];

const folderPath = (folder) => `^src/${folder}/`;
// Every folder of src/ is in a layer: a module of any other folder, imported, importing or alone, fails.
const IN_A_LAYER = `^src/(${LAYERS.flatMap((layer) => layer.folders).join("|")})/`;
const UNPLACED = { path: "^src/[^/]+/", pathNot: IN_A_LAYER };
// A package as a module names it: resolved (node_modules/ink/…) or, where it is not installed, as written.
const pkg = (names) => `(^|node_modules/)(${names})(/|$)`;
// The packages that belong to one part of src/, and only it: the rule's name, the packages, where they may be loaded.
const PACKAGE_HOMES = [
  {
    name: "ink-only-in-the-terminal-ui",
    comment: "ink and react render the terminal UI, and only it: nothing else carries them.",
    packages: "ink[^/]*|react|react-dom",
    home: "^src/tui/",
  },
  {
    name: "mcp-sdk-only-where-mcp-is-served",
    comment: "The MCP SDK is loaded only by the MCP server, src/agent/mcp.ts.",
    packages: "@modelcontextprotocol/[^/]+",
    home: "^src/agent/mcp\\.ts$",
  },
  {
    name: "h3-only-in-the-servers",
    comment:
      "h3 serves the sandbox's routes: the server layers and the runtime that composes them use it, no client, core or CLI code.",
    packages: "h3",
    home: "^src/(http|auth|identity|bff|journal|storefront|wallet|host-app|controls|openapi|services|runtime)/",
  },
];
const rank = new Map(LAYERS.flatMap((layer, index) => layer.folders.map((folder) => [folder, index])));

const layerRules = LAYERS.flatMap((layer, index) =>
  layer.folders.map((folder) => {
    const above = LAYERS.slice(index + 1).flatMap((higher) => higher.folders);
    const peers = layer.folders.filter((peer) => peer !== folder);
    const forbidden = [...peers, ...above].map(folderPath);
    if (folder === "client" || layer.name === "domains") forbidden.push("src/runtime/", "src/index\\.ts$");
    return {
      name: `layer-${folder}`,
      comment: `src/${folder}/ (${layer.name}) imports only the core and lower layers: not ${[...peers, ...above].join(", ") || "anything above it"}`,
      severity: "error",
      from: { path: folderPath(folder) },
      to: { path: forbidden.length ? forbidden : ["^$"] },
    };
  }),
);

module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "Modules do not import each other in a loop, types included.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "core-imports-core",
      comment: "The modules at the top of src/ import only each other (and packages).",
      severity: "error",
      from: { path: "^src/[^/]+\\.ts$", pathNot: "^src/index\\.ts$" },
      to: { path: "^src/[^/]+/" },
    },
    ...layerRules,
    ...[{ from: UNPLACED, to: {} }, { from: { orphan: true, ...UNPLACED }, to: {} }, { from: { path: "^src/" }, to: UNPLACED }].map(
      (rule) => ({
        name: "every-folder-in-a-layer",
        comment: "Each folder of src/ belongs to a layer of LAYERS above: add a new folder there, in the layer it serves.",
        severity: "error",
        ...rule,
      }),
    ),
    ...PACKAGE_HOMES.map(({ name, comment, packages, home }) => ({
      name,
      comment,
      severity: "error",
      from: { path: "^src/", pathNot: home },
      to: { path: pkg(packages) },
    })),
    {
      name: "clients-through-client-tier",
      comment:
        "The terminal UI, the contract checker, the scenario runner and the CLI reach a server only through src/client/: no server layer, domain or control code.",
      severity: "error",
      from: { path: "^src/(tui|check|scenario|cli)/" },
      to: { path: "^src/(http|store|auth|bff|storefront|wallet|host-app|controls|services)/" },
    },
    {
      name: "agent-through-client-tier",
      comment: "The agent reaches the servers through src/client/; it serves MCP with src/http/, and reads no store, domain or control code.",
      severity: "error",
      from: { path: "^src/agent/" },
      to: { path: "^src/(store|storefront|wallet|host-app|controls|services)/" },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/host-app/embed/assets/" },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
