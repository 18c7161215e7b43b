import { TextInput } from "@inkjs/ui";
import { Box, Text } from "ink";
import { RequestLine } from "../components/Pending.tsx";
import { Tinted } from "../components/Tinted.tsx";
import { useServices } from "../context.tsx";
import { IDENTITY_VIEWS, type IdentityScreenState, useIdentityScreen } from "../hooks/use-identity.ts";
import { Countdown, DecodedToken, EmbedUrls, VerifyOutcome } from "./identity-views.tsx";
import type { ScreenProps } from "./index.ts";

export const IDENTITY_KEYS = [
  { key: "←→", help: "sign for another demo user" },
  { key: "t c", help: "type the TTL (10m, 90s) / extra claims (name=value, space-separated)" },
  { key: "r", help: "sign again (a fresh iat and exp)" },
  { key: "d e", help: "show the token decoded / the embed URLs (drawer, launcher)" },
  { key: "v", help: "paste a token to verify" },
] as const;

/** Sign an embed identity token as the host backend does, see it decoded and counting down, verify one, and the embed URLs. */
export function IdentityScreen({ active }: ScreenProps) {
  const { settings } = useServices();
  const screen = useIdentityScreen(active);
  const { subject, signed, view } = screen;
  const token = signed.status === "done" ? signed.data : undefined;
  const caveat = commandCaveat(screen.ttl, screen.claims);
  return (
    <Box flexDirection="column">
      {/* The margin of the other screens, but for the token and the URLs: those start in the first column, to be copied. */}
      <Box flexDirection="column" paddingX={1}>
        <Text wrap="truncate-end">
          <Text bold>Embed identity for </Text>
          {subject ? (
            <Text>
              {subject.name} ({subject.id}){screen.isSignedInUser ? " · signed in" : ""}
            </Text>
          ) : (
            <Tinted tone="muted">no one: not signed in. Choose a demo user with ←/→ (or sign in on screen 1)</Tinted>
          )}
        </Text>
        <TokenFields screen={screen} />
        {token ? (
          <Countdown exp={token.claims.exp} now={screen.now} />
        ) : (
          <RequestLine state={signed} pending="Signing…" />
        )}
        <Text wrap="truncate-end">
          {IDENTITY_VIEWS.map((entry) => (
            <Text key={entry.view} inverse={entry.view === view}>
              {" "}
              {entry.key} {entry.label}{" "}
            </Text>
          ))}
        </Text>
        {view === "verify" ? <VerifyPanel screen={screen} /> : null}
        {view !== "verify" && !subject ? <Tinted tone="muted">Choose a user (←/→) to sign a token for.</Tinted> : null}
      </Box>
      {view === "decoded" && token && subject ? (
        <DecodedToken signed={token} command={signCommandLine(subject.email, screen.ttl, screen.claims)} />
      ) : null}
      {view === "urls" && token && subject ? (
        <EmbedUrls
          base={settings.embedBase}
          endUser={subject.id}
          email={subject.email}
          identity={token.token}
          caveat={caveat}
        />
      ) : null}
    </Box>
  );
}

/** `sandbox identity sign` for the same user, TTL and claims: the token on one line (a fresh one: the same claims, another iat and exp). */
function signCommandLine(email: string, ttl: string, claims: string): string {
  const claimFlags = claims
    .split(/\s+/)
    .filter((pair) => pair !== "")
    .map((pair) => ` --claim ${shellWord(pair)}`)
    .join("");
  return `npx sandbox identity sign --user ${email} --ttl ${shellWord(ttl)}${claimFlags}`;
}

/** `sandbox embed-url` signs its own token: 10 minutes, no extra claims. Said when the screen's differs. */
function commandCaveat(ttl: string, claims: string): string | undefined {
  if (ttl === "10m" && claims.trim() === "") return undefined;
  return "its token lives 10 minutes, without the extra claims";
}

/** A word as a shell reads it: quoted when it holds anything but plain characters. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The TTL and the extra claims the token is signed with: each a field its key gives the keyboard to. */
function TokenFields({ screen: { fields, ttl, setTtl, claims, setClaims } }: { screen: IdentityScreenState }) {
  return (
    <Box gap={1}>
      <Text>TTL (t):</Text>
      <Box width={10}>
        <TextInput
          key={`ttl-${fields.focused === "ttl"}`}
          isDisabled={fields.focused !== "ttl"}
          defaultValue={ttl}
          onSubmit={(value) => {
            setTtl(value.trim());
            fields.blur();
          }}
        />
      </Box>
      <Text>Claims (c):</Text>
      <TextInput
        key={`claims-${fields.focused === "claims"}`}
        isDisabled={fields.focused !== "claims"}
        defaultValue={claims}
        placeholder="name=value …"
        onSubmit={(value) => {
          setClaims(value.trim());
          fields.blur();
        }}
      />
    </Box>
  );
}

/** The field to paste a token into, and what checking it found. */
function VerifyPanel({ screen: { fields, verify, now } }: { screen: IdentityScreenState }) {
  return (
    <Box flexDirection="column">
      <Box gap={1}>
        <Text>Token (v):</Text>
        <TextInput
          key={`token-${fields.focused === "token"}`}
          isDisabled={fields.focused !== "token"}
          placeholder="paste a JWT, then Enter"
          onSubmit={(value) => {
            fields.blur();
            verify.verify(value);
          }}
        />
      </Box>
      {verify.empty ? (
        <Tinted tone="pending">Paste a token first (v, then paste, then Enter).</Tinted>
      ) : verify.status === "done" && verify.data ? (
        <VerifyOutcome check={verify.data} now={now} />
      ) : (
        <RequestLine state={verify} pending="Verifying…" />
      )}
    </Box>
  );
}
