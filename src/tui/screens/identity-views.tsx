import { Box, Text } from "ink";
import { buildEmbedUrl, EMBED_MODES, formatSpan, isoTime, type IdentityCheck } from "../../identity/index.ts";
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
        <Text key={name} wrap="truncate-end">  {name.padEnd(width)}  {JSON.stringify(value)}{TIME_CLAIMS.includes(name) && typeof value === "number" ? `  (${isoTime(value)})` : ""}</Text>
      ))}
    </Box>
  );
}

/** Until when the token lives, counting down; past it, "expired" in the error tone. */
export function Countdown({ exp, now }: { exp: number; now: number }) {
  const left = exp - now / 1000;
  if (left <= 0) return <Tinted tone="error">expired {formatSpan(-left)} ago ({isoTime(exp)})</Tinted>;
  return <Tinted tone="success">expires in {formatSpan(left)} ({isoTime(exp)})</Tinted>;
}

/** The token as it is (wrapped at the edge, nothing around it, so that it can be copied), then its header and claims decoded. */
export function DecodedToken({ signed }: { signed: SignedToken }) {
  return (
    <Box flexDirection="column">
      <Text bold>Token</Text>
      <Text>{signed.token}</Text>
      <Text><Text bold>Header</Text>  {JSON.stringify(signed.header)}</Text>
      <Text bold>Claims</Text>
      <ClaimLines claims={signed.claims} />
    </Box>
  );
}

/**
 * The embed URL of each mode, printed plainly: a label line, then the URL alone from the first
 * column, wrapped at the edge with nothing inside it, so that a terminal selection copies it whole.
 */
export function EmbedUrls({ base, endUser, identity }: { base: string; endUser: string; identity: string }) {
  if (base === "") {
    return <Tinted tone="muted">No embed URL: this sandbox has no host app and no embed base was given (--embed-base or EMBED_BASE).</Tinted>;
  }
  let urls: string[];
  try {
    urls = EMBED_MODES.map((mode) => buildEmbedUrl(base, { mode, endUser, identity }));
  } catch {
    return <Tinted tone="error">✗ The embed base is not a URL: {base}</Tinted>;
  }
  return (
    <Box flexDirection="column">
      {EMBED_MODES.map((mode, index) => (
        <Box key={mode} flexDirection="column">
          <Text bold>{mode}:</Text>
          <Text>{urls[index]}</Text>
        </Box>
      ))}
      <Tinted tone="muted" wrap="truncate-end">On one line: npx sandbox embed-url --user {endUser} --mode drawer</Tinted>
    </Box>
  );
}

/** What checking a pasted token found: valid with its user and claims, or the reason it is refused. */
export function VerifyOutcome({ check, now }: { check: IdentityCheck; now: number }) {
  if (!check.valid) return <Tinted tone="error" wrap="wrap">✗ invalid: {check.reason}</Tinted>;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end"><Tinted tone="success">✓ valid</Tinted>: sub {check.claims.sub} ({check.user.name}), <Countdown exp={check.claims.exp} now={now} /></Text>
      <ClaimLines claims={check.claims} />
    </Box>
  );
}
