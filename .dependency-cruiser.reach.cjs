// The second pass of `npm run layers`: what a client reaches through any chain of imports, not only
// its own. A re-export or a helper in between launders nothing: a client folder that reaches server
// code by any path fails. The composition roots are the one way through, and the pass does not follow
// them: src/runtime/ (which a client calls to start a sandbox) and src/agent/mcp.ts (the agent's MCP
// server, which serves over src/http/ as the runtime's servers do). src/identity/ signs and checks the
// embed's identity JWTs for clients and servers alike, so it is no server code.
const { options } = require("./.dependency-cruiser.cjs");

const CLIENTS = "^src/(client|tui|check|scenario|agent|cli)/";
const SERVER_CODE = "^src/(http|store|auth|bff|journal|storefront|wallet|host-app|controls|services|openapi)/";
const COMPOSITION_ROOTS = ["^src/runtime/", "^src/agent/mcp\\.ts$"];

module.exports = {
  forbidden: [
    {
      name: "clients-reach-no-server-code",
      comment:
        "No chain of imports leads from a client folder to server code: clients share only the core and src/contracts/ with the servers, and start a sandbox through src/runtime/.",
      severity: "error",
      from: { path: CLIENTS, pathNot: COMPOSITION_ROOTS },
      to: { path: SERVER_CODE, reachable: true },
    },
  ],
  options: { ...options, doNotFollow: { path: ["node_modules", ...COMPOSITION_ROOTS] } },
};
