import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { decodeJwt, SignJWT } from "jose";
import type { AskAnswer } from "../../src/contracts/host-app/embed-schemas.ts";
import { verifyIdentity } from "../../src/identity/index.ts";
import { loadDemoUsers } from "../../src/users.ts";
import { asAgent } from "../helpers/agent.ts";
import { assertOneLineError, type CliExit, lines, startArgs, tempDir } from "../helpers/cli.ts";
import { postEmbed, startEmbedSandbox } from "../helpers/embed.ts";
import { type InProcessExit, type InProcessOptions, runInProcess, startInProcess } from "../helpers/in-process.ts";
import { ADA, DEV_SIGNING_SECRET, DEV_STOREFRONT_SECRET, TUNDE } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 60_000 };
/** For tests whose cases are independent runs of the CLI. */
const PARALLEL = { ...TIMEOUT, concurrency: true };
const OTHER_SECRET = "a-host-backend-signing-secret-of-32-bytes-or-more";
const HOST_LINE = /^ {2}host app +(http:\/\/127\.0\.0\.1:\d+)$/;
const users = await loadDemoUsers();
type Hooks = Parameters<typeof tempDir>[0];

/** Runs the command in a fresh temp dir (so no sandbox.config.json applies). */
async function cli(
  t: Hooks,
  args: string[],
  env: Record<string, string> = {},
  options: InProcessOptions = {},
): Promise<InProcessExit> {
  const cwd = await tempDir(t, "sandbox-identity-");
  return runInProcess(args, { cwd, env, ...options });
}

async function sign(t: Hooks, ...args: string[]): Promise<string> {
  const result = await cli(t, ["identity", "sign", ...args]);
  assert.equal(result.code, 0, result.stderr);
  return result.stdout.trim();
}

function json<T>(result: CliExit): T {
  return JSON.parse(result.stdout) as T;
}

test("identity sign prints a token that identity verify accepts", TIMEOUT, async (t) => {
  const token = await sign(t, "--user", "ada@example.com");
  assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/, "one line: the JWT alone");
  const result = await cli(t, ["identity", "verify", token]);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, "");
  const [headline, ...claims] = lines(result.stdout);
  assert.match(headline ?? "", new RegExp(`^valid: sub ${ADA.id} \\(Ada Okafor\\), expires in (10m|9m \\d+s)$`));
  assert.deepEqual(
    claims.map((line) => line.trim().split(/\s+/)[0]),
    ["sub", "iss", "iat", "exp"],
  );
  assert.match(result.stdout, /^ {2}iss +"sandbox-host"$/m);
  assert.match(result.stdout, /^ {2}exp +\d+ {2}\(\d{4}-\d\d-\d\dT[\d:.]+Z\)$/m);
});

test(
  "identity verify accepts a token as the wallet spec defines it: HS256, sub and a short exp, no iss",
  TIMEOUT,
  async (t) => {
    const token = await new SignJWT({ sub: ADA.id, exp: Math.floor(Date.now() / 1000) + 300 })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(DEV_SIGNING_SECRET));
    const result = await cli(t, ["identity", "verify", token]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, new RegExp(`^valid: sub ${ADA.id} \\(Ada Okafor\\), expires in (5m|4m \\d+s)$`, "m"));
  },
);

test("identity sign --json: {token, claims}, with --ttl and --claim", TIMEOUT, async (t) => {
  const result = await cli(t, [
    "identity",
    "sign",
    "--user",
    ADA.id,
    "--ttl",
    "2m",
    "--claim",
    "plan=pro",
    "--claim",
    "seats=3",
    "--claim",
    "beta=true",
    "--json",
  ]);
  assert.equal(result.code, 0, result.stderr);
  const { token, claims, ...rest } = json<{ token: string; claims: Record<string, unknown> }>(result);
  assert.deepEqual(rest, {});
  assert.deepEqual(decodeJwt(token), claims);
  assert.deepEqual(
    { ...claims, iat: 0, exp: 0 },
    { sub: ADA.id, iss: "sandbox-host", iat: 0, exp: 0, plan: "pro", seats: 3, beta: true },
  );
  assert.equal((claims.exp as number) - (claims.iat as number), 120);
  assert.ok((await verifyIdentity(token, { secret: DEV_SIGNING_SECRET, users })).valid);
});

test("identity sign refuses bad input in one line: a usage error, exit 2", PARALLEL, async (t) => {
  const cases = [
    {
      name: "an unknown email",
      args: ["--user", "eve@example.com"],
      message: /No demo user has the email "eve@example.com"/,
    },
    {
      name: "an unknown UUID",
      args: ["--user", "00000000-0000-4000-8000-000000000000"],
      message: /--allow-unknown-user/,
    },
    {
      name: "a reserved claim",
      args: ["--user", "ada@example.com", "--claim", "exp=1"],
      message: /"exp" cannot be set/,
    },
    { name: "a bad TTL", args: ["--user", "ada@example.com", "--ttl", "soon"], message: /--ttl must be a duration/ },
    {
      name: "a TTL without its unit",
      args: ["--user", "ada@example.com", "--ttl", "10"],
      message: /--ttl must be a duration with its unit, such as 90s, 10m or 1h; got "10"/,
    },
    { name: "no --user", args: [], message: /required option '--user <id\|email>'/ },
  ];
  await Promise.all(
    cases.map(({ name, args, message }) =>
      t.test(name, async (t) => {
        const result = await cli(t, ["identity", "sign", ...args]);
        assert.match(assertOneLineError(result, 2), message);
        assert.equal(result.stdout, "");
      }),
    ),
  );
});

test("--allow-unknown-user signs for any UUID, and verify names the unknown user", TIMEOUT, async (t) => {
  const unknown = "00000000-0000-4000-8000-000000000000";
  const token = await sign(t, "--user", unknown, "--allow-unknown-user");
  assert.equal(decodeJwt(token).sub, unknown);
  const result = await cli(t, ["identity", "verify", token]);
  assert.match(assertOneLineError(result), new RegExp(`^invalid: unknown user: sub "${unknown}"`));
});

test("identity verify refuses bad tokens: one line, exit 1", PARALLEL, async (t) => {
  const good = await sign(t, "--user", "ada@example.com");
  const [header, payload, signature] = good.split(".") as [string, string, string];
  const now = Math.floor(Date.now() / 1000);
  const jose = (claims: Record<string, unknown>, secret: string) =>
    new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(secret));
  const cases = [
    {
      name: "tampered",
      token: `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(good), sub: TUNDE.id })).toString("base64url")}.${signature}`,
      reason: /^invalid: bad signature/,
    },
    {
      name: "expired",
      token: await jose({ sub: ADA.id, iss: "sandbox-host", exp: now - 120 }, DEV_SIGNING_SECRET),
      reason: /^invalid: expired at .* \(2m( \d+s)? ago\)$/,
    },
    {
      name: "a storefront token",
      token: await jose({ sub: ADA.id, iss: "sandbox-storefront", exp: now + 60 }, DEV_STOREFRONT_SECRET),
      reason: /^invalid: wrong issuer: "sandbox-storefront"/,
    },
    {
      name: "issued an hour ahead",
      token: await jose({ sub: ADA.id, iat: now + 3600, exp: now + 4200 }, DEV_SIGNING_SECRET),
      reason: /^invalid: issued in the future/,
    },
    { name: "not a JWT", token: "hello", reason: /^invalid: malformed/ },
    {
      name: "alg none",
      token: `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.`,
      reason: /^invalid: wrong algorithm: "none"/,
    },
  ];
  await Promise.all(
    cases.map(({ name, token, reason }) =>
      t.test(name, async (t) => {
        const result = await cli(t, ["identity", "verify", token]);
        assert.match(assertOneLineError(result), reason);
        assert.equal(result.stdout, "");
      }),
    ),
  );
});

test("identity verify --json: {valid, claims} or {valid, code, reason}", TIMEOUT, async (t) => {
  const token = await sign(t, "--user", "tunde@example.com", "--claim", "plan=pro");
  const [valid, invalid] = await Promise.all([
    cli(t, ["identity", "verify", token, "--json"]),
    cli(t, ["identity", "verify", `${token}x`, "--json"]),
  ]);
  assert.equal(valid.code, 0, valid.stderr);
  assert.deepEqual(json(valid), { valid: true, claims: decodeJwt(token) });
  assert.equal(invalid.code, 1);
  assert.equal(invalid.stderr, "", "the JSON says it all");
  const body = json<Record<string, unknown>>(invalid);
  assert.deepEqual(Object.keys(body), ["valid", "code", "reason"]);
  assert.equal(body.valid, false);
  assert.equal(body.code, "bad_signature");
  assert.match(String(body.reason), /^bad signature/);
});

test("identity verify - reads the token from stdin", TIMEOUT, async (t) => {
  const token = await sign(t, "--user", "ada@example.com");
  const result = await cli(t, ["identity", "verify", "-"], {}, { stdin: `${token}\n` });
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^valid: sub /);
});

test("SIGNING_SECRET changes the signature: the default secret then refuses the token", TIMEOUT, async (t) => {
  const [other, usual] = await Promise.all([
    cli(t, ["identity", "sign", "--user", "ada@example.com"], { SIGNING_SECRET: OTHER_SECRET }),
    sign(t, "--user", "ada@example.com"),
  ]);
  assert.equal(other.code, 0, other.stderr);
  const token = other.stdout.trim();
  assert.notEqual(token.split(".")[2], usual.split(".")[2]);
  const [withDefault, withSame] = await Promise.all([
    cli(t, ["identity", "verify", token]),
    cli(t, ["identity", "verify", token], { SIGNING_SECRET: OTHER_SECRET }),
  ]);
  assert.match(assertOneLineError(withDefault), /^invalid: bad signature/);
  assert.equal(withSame.code, 0, withSame.stderr);
});

test("the secret comes from --config too, and a short one is refused", TIMEOUT, async (t) => {
  const dir = await tempDir(t);
  const file = join(dir, "settings.json");
  await writeFile(file, JSON.stringify({ signingSecret: OTHER_SECRET }));
  const signed = await cli(t, ["identity", "sign", "--user", "ada@example.com", "--config", file]);
  assert.equal(signed.code, 0, signed.stderr);
  assert.ok((await verifyIdentity(signed.stdout.trim(), { secret: OTHER_SECRET, users })).valid);
  const short = await cli(t, ["identity", "sign", "--user", "ada@example.com"], { SIGNING_SECRET: "short" });
  assert.match(assertOneLineError(short, 2), /SIGNING_SECRET must be at least 32 bytes/);
});

test("IDENTITY_MAX_LIFETIME: sign refuses a longer --ttl, verify a token that lives longer", TIMEOUT, async (t) => {
  const hour = await sign(t, "--user", "ada@example.com", "--ttl", "1h");
  const [tooLong, refused, accepted] = await Promise.all([
    cli(t, ["identity", "sign", "--user", "ada@example.com", "--ttl", "2d"]),
    cli(t, ["identity", "verify", hour, "--json"], { IDENTITY_MAX_LIFETIME: "30m" }),
    cli(t, ["identity", "verify", hour]),
  ]);
  assert.equal(
    assertOneLineError(tooLong, 2),
    "Error: An identity token may live at most 1d (identityMaxLifetime: --identity-max-lifetime, IDENTITY_MAX_LIFETIME); got 2d.",
  );
  assert.equal(refused.code, 1);
  assert.deepEqual(json(refused), {
    valid: false,
    code: "lifetime_too_long",
    reason:
      "lifetime too long: exp is 1h after iat, more than the 30m an identity token may live (identityMaxLifetime: --identity-max-lifetime, IDENTITY_MAX_LIFETIME)",
  });
  assert.equal(accepted.code, 0, accepted.stderr);
});

/** Runs embed-url on a data dir of its own and parses the URL it prints. */
async function embedUrl(t: Hooks, args: string[], env: Record<string, string> = {}, dataDir?: string): Promise<URL> {
  const result = await cli(t, ["embed-url", "--data-dir", dataDir ?? (await tempDir(t)), ...args], env);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(lines(result.stdout).length, 1, result.stdout);
  return new URL(result.stdout.trim());
}

test("embed-url: mode, endUser and a fresh identity, on /embed of the host app", TIMEOUT, async (t) => {
  const url = await embedUrl(t, ["--user", "ada@example.com", "--mode", "drawer"]);
  assert.equal(`${url.origin}${url.pathname}`, "http://127.0.0.1:8085/embed");
  assert.deepEqual([...url.searchParams.keys()], ["mode", "endUser", "identity"]);
  assert.equal(url.searchParams.get("mode"), "drawer");
  assert.equal(url.searchParams.get("endUser"), ADA.id);
  const check = await verifyIdentity(url.searchParams.get("identity") ?? "", { secret: DEV_SIGNING_SECRET, users });
  assert.ok(check.valid, JSON.stringify(check));
  assert.equal(check.claims.sub, ADA.id);
  assert.equal(check.claims.exp - (check.claims.iat ?? 0), 600);
});

test("embed-url: --no-identity, --session, and the base from flag, env and host port", PARALLEL, async (t) => {
  const cases: { name: string; args: string[]; env: Record<string, string>; base: string; keys: string[] }[] = [
    {
      name: "--no-identity",
      args: ["--mode", "launcher", "--no-identity"],
      env: {},
      base: "http://127.0.0.1:8085/embed",
      keys: ["mode", "endUser"],
    },
    {
      name: "--session",
      args: ["--mode", "drawer", "--session", "preview 1"],
      env: {},
      base: "http://127.0.0.1:8085/embed",
      keys: ["mode", "endUser", "identity", "session"],
    },
    {
      name: "EMBED_BASE",
      args: ["--mode", "drawer"],
      env: { EMBED_BASE: "https://chat.example.com/embed?tenant=acme" },
      base: "https://chat.example.com/embed",
      keys: ["tenant", "mode", "endUser", "identity"],
    },
    {
      name: "--embed-base over EMBED_BASE",
      args: ["--mode", "drawer", "--embed-base", "https://b.example.com/e"],
      env: { EMBED_BASE: "https://a.example.com/e" },
      base: "https://b.example.com/e",
      keys: ["mode", "endUser", "identity"],
    },
    {
      name: "HOST_PORT and BIND",
      args: ["--mode", "drawer"],
      env: { HOST_PORT: "9185", BIND: "0.0.0.0" },
      base: "http://127.0.0.1:9185/embed",
      keys: ["mode", "endUser", "identity"],
    },
    {
      name: "--host-port and --bind over the env",
      args: ["--mode", "drawer", "--host-port", "9285", "--bind", "127.0.0.2"],
      env: { HOST_PORT: "9185" },
      base: "http://127.0.0.2:9285/embed",
      keys: ["mode", "endUser", "identity"],
    },
  ];
  await Promise.all(
    cases.map(({ name, args, env, base, keys }) =>
      t.test(name, async (t) => {
        const url = await embedUrl(t, ["--user", TUNDE.id, ...args], env);
        assert.equal(`${url.origin}${url.pathname}`, base);
        assert.deepEqual([...url.searchParams.keys()], keys);
        assert.equal(url.searchParams.get("endUser"), TUNDE.id);
        if (keys.includes("session")) assert.equal(url.searchParams.get("session"), "preview 1");
      }),
    ),
  );
});

test("embed-url refuses bad input in one line: a usage error, exit 2", PARALLEL, async (t) => {
  // The code of the error the command failed with; none for commander's own usage errors.
  const cases: { name: string; args: string[]; message: RegExp; code?: string }[] = [
    {
      name: "a bad mode",
      args: ["--user", "ada@example.com", "--mode", "sidebar"],
      message: /--mode must be drawer or launcher; got "sidebar"/,
      code: "identity_input",
    },
    {
      name: "an empty session",
      args: ["--user", "ada@example.com", "--mode", "drawer", "--session", " "],
      message: /--session needs a session id/,
      code: "flag_invalid",
    },
    {
      name: "a bad base",
      args: ["--user", "ada@example.com", "--mode", "drawer", "--embed-base", "chat.example.com"],
      message: /--embed-base must be auto, or an http\(s\) URL/,
      code: "config_invalid",
    },
    { name: "no --mode", args: ["--user", "ada@example.com"], message: /required option '--mode <mode>'/ },
    {
      name: "--register for a user who is no demo user",
      args: [
        "--user",
        "00000000-0000-4000-8000-000000000000",
        "--allow-unknown-user",
        "--mode",
        "drawer",
        "--register",
      ],
      message:
        /--register signs a demo user in as the app would: 00000000-0000-4000-8000-000000000000 is no demo user's id/,
      code: "flags_conflict",
    },
    {
      name: "--register without an identity",
      args: ["--user", "ada@example.com", "--mode", "drawer", "--no-identity", "--register"],
      message: /--register and --no-identity do not go together/,
      code: "flags_conflict",
    },
  ];
  await Promise.all(
    cases.map(({ name, args, message, code }) =>
      t.test(name, async (t) => {
        const result = await cli(t, ["embed-url", "--data-dir", await tempDir(t), ...args]);
        assert.match(assertOneLineError(result, 2), message);
        assert.equal(result.errorCode, code);
      }),
    ),
  );
});

test("embed-url points at the host app of the sandbox running on the data dir", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const { cli: running } = await startInProcess(t, startArgs(dataDir));
  const [, hostUrl] = await running.waitForLine(HOST_LINE);
  const url = await embedUrl(t, ["--user", "ada@example.com", "--mode", "launcher"], {}, dataDir);
  assert.equal(`${url.origin}${url.pathname}`, `${hostUrl}/embed`);
  assert.notEqual(url.port, "8085", "the port it got, not the default");
});

test(
  "embed-url --register: the user's agent sessions, registered as the app would, then the URL",
  TIMEOUT,
  async (t) => {
    const sandbox = await startEmbedSandbox(t);
    const storefront = sandbox.urls.storefront!;
    const after = (await sandbox.controls.journal({}, { limit: 1 })).lastId;
    assert.equal((await asAgent(storefront, "/api/agent/orders", TUNDE.id)).status, 401, "no session before");

    const args = ["embed-url", "--data-dir", sandbox.dataDir, "--user", "tunde@example.com", "--mode", "launcher"];
    const result = await cli(t, [...args, "--register"]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(lines(result.stdout).length, 1, "the URL alone on stdout");
    const url = new URL(result.stdout.trim());
    assert.equal(`${url.origin}${url.pathname}`, `${sandbox.host}/embed`);
    assert.deepEqual(lines(result.stderr), [
      "app: signed Tunde Bakare in to the storefront and registered the agent session",
      "app: signed Tunde Bakare in to the wallet and registered the host app's agent session",
    ]);

    const posts = (await sandbox.controls.journal({ method: "POST", path: "/api/agent/session" }, { after })).entries;
    assert.deepEqual(
      posts.map((entry) => [entry.service, entry.status]),
      [
        ["storefront", 200],
        ["host", 200],
      ],
    );
    assert.equal((await asAgent(storefront, "/api/agent/orders", TUNDE.id)).status, 200);
    assert.equal((await asAgent(sandbox.host, "/api/agent/wallet", TUNDE.id)).status, 200);
    const asked = await postEmbed(sandbox.host, "ask", {
      question: "how much did I spend this month?",
      endUser: TUNDE.id,
      identity: url.searchParams.get("identity"),
    });
    const answer = (await asked.json()) as AskAnswer;
    assert.equal(answer.noSession, undefined, answer.answer);
    assert.match(answer.answer, /spent [\d,]+\.\d\d [A-Z]{3}/);

    await t.test(
      "without --register: the URL, and a note on stderr that says how the chat gets its sessions",
      async (t) => {
        const plain = await cli(t, args);
        assert.equal(plain.code, 0, plain.stderr);
        assert.equal(lines(plain.stdout).length, 1);
        assert.equal(
          plain.stderr,
          "Note: the chat answers about Tunde Bakare's orders, cart and wallet once the app has registered the agent sessions (an app does so after login): run this again with --register.\n",
        );
        const preview = await cli(t, [...args, "--session", "preview-1"]);
        assert.match(preview.stderr, /--register, or click "Register sessions as the app would" in the chat\.\n$/);
        assert.equal((await cli(t, [...args, "--no-identity"])).stderr, "", "no note for a chat that acts for no one");
      },
    );

    await t.test("with no sandbox on the data dir: one line that says to start one, exit 1", async (t) => {
      const dataDir = await tempDir(t);
      const refused = await cli(t, [
        "embed-url",
        "--data-dir",
        dataDir,
        "--user",
        "ada@example.com",
        "--mode",
        "drawer",
        "--register",
      ]);
      assert.equal(
        assertOneLineError(refused, 1),
        `Error: No sandbox runs on ${dataDir}: start one with npx sandbox start (or point --data-dir at its data dir)`,
      );
      assert.equal(refused.errorCode, "sandbox_not_running");
      assert.equal(refused.stdout, "", "no URL");
    });
  },
);

test("every identity and embed-url --help has examples", PARALLEL, async (t) => {
  const cases = [
    { args: ["identity", "--help"], usage: /^Usage: sandbox identity \[options\] \[command\]$/m },
    { args: ["identity", "sign", "--help"], usage: /^Usage: sandbox identity sign \[options\]$/m },
    { args: ["identity", "verify", "--help"], usage: /^Usage: sandbox identity verify \[options\] <jwt>$/m },
    { args: ["embed-url", "--help"], usage: /^Usage: sandbox embed-url \[options\]$/m },
  ];
  await Promise.all(
    cases.map(({ args, usage }) =>
      t.test(args.join(" "), async (t) => {
        const result = await cli(t, args);
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stdout, usage);
        const after = result.stdout.split("\nExamples:\n")[1]?.split("\n\n")[0] ?? "";
        const examples = lines(after);
        assert.ok(
          examples.length > 0 &&
            examples.every(
              (line) => /^ {2}(\S+=\S+ )*npx sandbox\b/.test(line) || /^ {2}npx sandbox .*\| npx sandbox/.test(line),
            ),
          `examples:\n${result.stdout}`,
        );
      }),
    ),
  );
  await t.test("the root help lists both commands", async (t) => {
    const result = await cli(t, ["--help"]);
    assert.match(result.stdout, /^ {2}identity\b/m);
    assert.match(result.stdout, /^ {2}embed-url\b/m);
  });
});
