import { PasswordInput, TextInput } from "@inkjs/ui";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { SERVICE_LABELS } from "../../service-names.ts";
import { RequestLine } from "../components/Pending.tsx";
import { PickList } from "../components/PickList.tsx";
import { Tinted } from "../components/Tinted.tsx";
import { useServices } from "../context.tsx";
import { useFieldFocus } from "../hooks/use-field-focus.ts";
import { useListCursor } from "../hooks/use-list-cursor.ts";
import { useSignIn } from "../hooks/use-sign-in.ts";
import { useStoreState } from "../state/store.ts";
import type { ScreenProps } from "./index.ts";

export const SIGN_IN_KEYS = [
  { key: "↑↓ Enter", help: "sign in as the demo user" },
  { key: "e", help: "type an email and a password instead" },
  { key: "o", help: "sign out (the UI forgets the tokens)" },
] as const;

/** Sign in to the storefront and the wallet: a demo user from the list, or any email and password. */
export function SignInScreen({ active }: ScreenProps) {
  const { settings, store } = useServices();
  const logins = useStoreState(store, (state) => state.logins);
  const signIn = useSignIn();
  const fields = useFieldFocus<"email" | "password">(active);
  const [email, setEmail] = useState("");
  const cursor = useListCursor(settings.users, {
    active: active && !fields.focused,
    onPick: (user) => void signIn.signIn(user.email, user.password),
  });

  useInput(
    (input) => {
      if (input === "e") fields.focus("email");
      if (input === "o") signIn.signOut();
    },
    { isActive: active && !fields.focused },
  );

  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Sign in to the storefront and the wallet</Text>
      <Text dimColor>Demo users (↑↓, Enter signs in; e: another account)</Text>
      <PickList
        lines={settings.users.map((user) => `${user.name.padEnd(16)} ${user.email}`)}
        cursor={cursor.index}
        height={6}
        focused={active && !fields.focused}
      />
      <Box marginTop={1} flexDirection="column">
        <Box gap={1}>
          <Text>{"Email:   "}</Text>
          <TextInput
            key={`email-${fields.focused === "email"}`}
            isDisabled={fields.focused !== "email"}
            defaultValue={email}
            placeholder="press e to type"
            onSubmit={(value) => {
              setEmail(value.trim());
              fields.focus("password");
            }}
          />
        </Box>
        <Box gap={1}>
          <Text>Password:</Text>
          <PasswordInput
            key={`password-${fields.focused === "password"}`}
            isDisabled={fields.focused !== "password"}
            placeholder="Enter signs in"
            onSubmit={(password) => {
              fields.blur();
              void signIn.signIn(email, password);
            }}
          />
        </Box>
      </Box>
      <Box marginTop={1}>
        <RequestLine state={signIn} pending="Signing in…" />
      </Box>
      {(["storefront", "wallet"] as const)
        .filter((service) => settings.urls[service])
        .map((service) => {
          const outcome = signIn.data?.find((candidate) => candidate.service === service);
          const login = logins[service];
          return (
            <Box key={service} flexDirection="column">
              <Text wrap="truncate-end">
                {SERVICE_LABELS[service].padEnd(11)}
                {outcome && "error" in outcome ? (
                  <Tinted tone="error">✗ {outcome.error}</Tinted>
                ) : login ? (
                  <Tinted tone="success">
                    ✓ signed in as {login.user.name} ({login.user.email})
                  </Tinted>
                ) : (
                  <Tinted tone="muted">not signed in</Tinted>
                )}
              </Text>
              {/* A failed sign-in keeps the login before it: say whose it is. */}
              {outcome && "error" in outcome && login ? (
                <Tinted tone="muted" wrap="truncate-end">
                  {" ".repeat(11)}still signed in as {login.user.name} ({login.user.email})
                </Tinted>
              ) : null}
            </Box>
          );
        })}
    </Box>
  );
}
