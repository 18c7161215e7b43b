import { TextInput } from "@inkjs/ui";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { RequestLine } from "../components/Pending.tsx";
import { Tinted } from "../components/Tinted.tsx";
import { useServices } from "../context.tsx";
import { useFieldFocus } from "../hooks/use-field-focus.ts";
import { useIdentitySubject, useSignedIdentity, useVerifyIdentity } from "../hooks/use-identity.ts";
import { useNow } from "../hooks/use-now.ts";
import type { ScreenProps } from "./index.ts";
import { Countdown, DecodedToken, EmbedUrls, VerifyOutcome } from "./identity-views.tsx";

export const IDENTITY_KEYS = [
  { key: "←→", help: "sign for another demo user" },
  { key: "t c", help: "type the TTL (10m, 90s) / extra claims (name=value, space-separated)" },
  { key: "r", help: "sign again (a fresh iat and exp)" },
  { key: "d e", help: "show the token decoded / the embed URLs (drawer, launcher)" },
  { key: "v", help: "paste a token to verify" },
] as const;

type View = "decoded" | "urls" | "verify";
const VIEWS: readonly { view: View; key: string; label: string }[] = [
  { view: "decoded", key: "d", label: "decoded" },
  { view: "urls", key: "e", label: "embed URLs" },
  { view: "verify", key: "v", label: "verify a token" },
];

/** Sign an embed identity token as the host backend does, see it decoded and counting down, verify one, and the embed URLs. */
export function IdentityScreen({ active }: ScreenProps) {
  const { settings } = useServices();
  const { subject, isSignedInUser, step } = useIdentitySubject();
  const fields = useFieldFocus<"ttl" | "claims" | "token">(active);
  const [ttl, setTtl] = useState("10m");
  const [claims, setClaims] = useState("");
  const [view, setView] = useState<View>("decoded");
  const signed = useSignedIdentity(subject?.id, ttl, claims);
  const verify = useVerifyIdentity();
  const now = useNow(active && (signed.data !== undefined || verify.data?.valid === true));

  useInput((input, key) => {
    if (key.leftArrow || key.rightArrow) step(key.leftArrow ? -1 : 1);
    else if (input === "t") fields.focus("ttl");
    else if (input === "c") fields.focus("claims");
    else if (input === "r") signed.resign();
    else if (input === "v") {
      setView("verify");
      fields.focus("token");
    } else {
      const picked = VIEWS.find((entry) => entry.key === input);
      if (picked) setView(picked.view);
    }
  }, { isActive: active && !fields.focused });

  const token = signed.status === "done" ? signed.data : undefined;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold>Embed identity for </Text>
        {subject ? <Text>{subject.name} ({subject.id}){isSignedInUser ? " · signed in" : ""}</Text> : <Tinted tone="muted">no one: not signed in. Choose a demo user with ←/→ (or sign in on screen 1)</Tinted>}
      </Text>
      <Box gap={1}>
        <Text>TTL (t):</Text>
        <Box width={10}><TextInput key={`ttl-${fields.focused === "ttl"}`} isDisabled={fields.focused !== "ttl"} defaultValue={ttl} onSubmit={(value) => {
          setTtl(value.trim());
          fields.blur();
        }} /></Box>
        <Text>Claims (c):</Text>
        <TextInput key={`claims-${fields.focused === "claims"}`} isDisabled={fields.focused !== "claims"} defaultValue={claims} placeholder="name=value …" onSubmit={(value) => {
          setClaims(value.trim());
          fields.blur();
        }} />
      </Box>
      {token ? <Countdown exp={token.claims.exp} now={now} /> : <RequestLine state={signed} pending="Signing…" />}
      <Text wrap="truncate-end">
        {VIEWS.map((entry) => <Text key={entry.view} inverse={entry.view === view}> {entry.key} {entry.label} </Text>)}
      </Text>
      {view === "verify" ? <VerifyPanel fields={fields} verify={verify} now={now} /> : null}
      {view !== "verify" && !subject ? <Tinted tone="muted">Choose a user (←/→) to sign a token for.</Tinted> : null}
      {view === "decoded" && token ? <DecodedToken signed={token} /> : null}
      {view === "urls" && token && subject ? <EmbedUrls base={settings.embedBase} endUser={subject.id} identity={token.token} /> : null}
    </Box>
  );
}

/** The field to paste a token into, and what checking it found. */
function VerifyPanel({ fields, verify, now }: { fields: ReturnType<typeof useFieldFocus<"ttl" | "claims" | "token">>; verify: ReturnType<typeof useVerifyIdentity>; now: number }) {
  return (
    <Box flexDirection="column">
      <Box gap={1}>
        <Text>Token (v):</Text>
        <TextInput key={`token-${fields.focused === "token"}`} isDisabled={fields.focused !== "token"} placeholder="paste a JWT, then Enter" onSubmit={(value) => {
          fields.blur();
          verify.verify(value);
        }} />
      </Box>
      {verify.status === "done" && verify.data ? <VerifyOutcome check={verify.data} now={now} /> : <RequestLine state={verify} pending="Verifying…" />}
    </Box>
  );
}
