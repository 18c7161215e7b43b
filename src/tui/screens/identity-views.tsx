import { Box, Text } from "ink";
import { EMBED_MODES } from "../../contracts/host-app/embed.ts";
import { buildEmbedUrl, formatSpan, type IdentityCheck, isoTime } from "../../identity/index.ts";
import { Tinted } from "../components/Tinted.tsx";
import type { SignedToken } from "../hooks/use-identity.ts";

/** Claims whose value is a time (NumericDate): shown with the time too. */
const TIME_CLAIMS = ["iat", "exp", "nbf"];

/** The claims, one a line: name, JSON value, and the time of the NumericDate ones. */
export function ClaimLines({ claims }: { claims: Record<string, unknown> }) {
  const width = Math.max(...Object.keys(claims).map((name) => name.length));
  return (
    <Box flexDirection="column">
      {Object.entries(claims).map(([name, value]) => (
        <Text key={name} wrap="truncate-end">
          {"  "}
          {name.padEnd(width)}
          {"  "}
          {JSON.stringify(value)}
          {TIME_CLAIMS.includes(name) && typeof value === "number" ? `  (${isoTime(value)})` : ""}
        </Text>
      ))}
    </Box>
  );
}

/** Until when the token lives, counting down; past it, "expired" in the error tone. */
export function Countdown({ exp, now }: { exp: number; now: number }) {
  const left = exp - now / 1000;
  if (left <= 0)
    return (
      <Tinted tone="error">
        expired {formatSpan(-left)} ago ({isoTime(exp)})
      </Tinted>
    );
  return (
    <Tinted tone="success">
      expires in {formatSpan(left)} ({isoTime(exp)})
    </Tinted>
  );
}

/**
 * Ink breaks a line longer than the terminal into several, with real line breaks (it cannot let
 * the terminal wrap it: it redraws by counting lines), so a token or URL wider than the terminal
 * is copied broken. The screen says so, with the command that prints the same text on one line.
 */
function OneLineNote({ what, command, caveat }: { what: string; command: string; caveat?: string }) {
  return (
    <Box flexDirection="column">
      <Box paddingX={1}>
        <Tinted tone="muted" wrap="wrap">
          {what} on one line, but the screen breaks it at its edge: widen the terminal to copy it whole, or print it
          with{caveat ? ` (${caveat})` : ""}:
        </Tinted>
      </Box>
      <Text>{command}</Text>
    </Box>
  );
}

/** The token as it is (from the first column, nothing around it, so that it can be copied), then its header and claims decoded. */
export function DecodedToken({ signed, command, caveat }: { signed: SignedToken; command: string; caveat?: string }) {
  return (
    <Box flexDirection="column">
      <Box paddingX={1}>
        <Text bold>Token</Text>
      </Box>
      <Text>{signed.token}</Text>
      <OneLineNote what="The token is" command={command} caveat={caveat} />
      <Box flexDirection="column" paddingX={1}>
        <Text>
          <Text bold>Header</Text>
          {"  "}
          {JSON.stringify(signed.header)}
        </Text>
        <Text bold>Claims</Text>
        <ClaimLines claims={signed.claims} />
      </Box>
    </Box>
  );
}

/**
 * The embed URL of each mode, printed plainly: a label line, then the URL alone from the first
 * column, wrapped at the edge with nothing inside it, so that a terminal selection copies it whole.
 */
export function EmbedUrls({
  base,
  endUser,
  email,
  identity,
  caveat,
}: {
  base: string;
  endUser: string;
  email: string;
  identity: string;
  caveat?: string;
}) {
  if (base === "") {
    return (
      <Tinted tone="muted" wrap="wrap">
        {" "}
        No embed URL: this sandbox has no host app and no embed base was given (--embed-base or EMBED_BASE).
      </Tinted>
    );
  }
  let urls: string[];
  try {
    urls = EMBED_MODES.map((mode) => buildEmbedUrl(base, { mode, endUser, identity }));
  } catch {
    return <Tinted tone="error"> ✗ The embed base is not a URL: {base}</Tinted>;
  }
  return (
    <Box flexDirection="column">
      {EMBED_MODES.map((mode, index) => (
        <Box key={mode} flexDirection="column">
          <Box paddingX={1}>
            <Text bold>{mode}:</Text>
          </Box>
          <Text>{urls[index]}</Text>
        </Box>
      ))}
      <OneLineNote
        what="Each URL is"
        command={`npx sandbox embed-url --embed-base ${base} --user ${email} --mode drawer`}
        caveat={caveat}
      />
    </Box>
  );
}

/** What checking a pasted token found: valid with its user and claims, or the reason it is refused. */
export function VerifyOutcome({ check, now }: { check: IdentityCheck; now: number }) {
  if (!check.valid)
    return (
      <Tinted tone="error" wrap="wrap">
        ✗ invalid: {check.reason}
      </Tinted>
    );
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Tinted tone="success">✓ valid</Tinted>: sub {check.claims.sub} ({check.user.name}),{" "}
        <Countdown exp={check.claims.exp} now={now} />
      </Text>
      <ClaimLines claims={check.claims} />
    </Box>
  );
}
