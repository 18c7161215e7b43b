import { Spinner } from "@inkjs/ui";
import { Box, Text, useInput } from "ink";
import type { CartFeedState, FeedEvent } from "../client/cart-feed.ts";
import { CartTable } from "../components/CartTable.tsx";
import { type Column, Table } from "../components/Table.tsx";
import { Tinted } from "../components/Tinted.tsx";
import { TOKEN_EXPIRED_MESSAGE, useCartFeed } from "../hooks/use-cart-feed.ts";
import type { ScreenProps } from "./index.ts";

export const CART_STREAM_KEYS = [
  { key: "r", help: "reconnect the stream now" },
  { key: "c", help: "clear the event list" },
] as const;

/** The most cart lines drawn; the rest of the height goes to the events. */
const CART_ROWS = 5;
/** Title, connection line, cart header and subtotal, the events' title and header, and the gaps. */
const FIXED_ROWS = 8;

/** The live cart stream: the connection's state, the cart now, and every event (newest last). */
export function CartStreamScreen({ active, width, height }: ScreenProps) {
  const feed = useCartFeed();
  const { state } = feed;
  useInput(
    (input) => {
      if (input === "r") feed.reconnect();
      if (input === "c") feed.clearEvents();
    },
    { isActive: active },
  );

  const cartRows = Math.min(CART_ROWS, Math.max(1, state.cart?.items.length ?? 1));
  const eventRows = Math.max(2, height - FIXED_ROWS - cartRows);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold wrap="truncate-end">
        Cart stream{state.who ? ` · ${state.who}` : ""}
        {state.version ? (
          <Text dimColor>
            {"  "}(cart version {state.version})
          </Text>
        ) : null}
      </Text>
      <ConnectionLine state={state} />
      <Box marginTop={1}>
        <CartTable
          cart={state.cart}
          rows={cartRows}
          empty={state.phase === "signed-out" ? "No cart: nobody is signed in" : "No cart yet"}
        />
      </Box>
      <Text bold>
        Events <Text dimColor>(newest last, {state.events.length} kept)</Text>
      </Text>
      <Table columns={eventColumns(width - 2)} rows={state.events.slice(-eventRows)} empty="No event yet" />
    </Box>
  );
}

/** Where the stream stands, in one line. */
function ConnectionLine({ state }: { state: CartFeedState }) {
  switch (state.phase) {
    case "signed-out":
      return <Tinted tone="pending">○ Sign in first (key 1): the stream needs a storefront login.</Tinted>;
    case "connecting":
      return <Spinner label="connecting to GET /api/cart/stream…" />;
    case "open":
      return <Tinted tone="success">● open: changes from any client show here</Tinted>;
    case "reconnecting":
      return (
        <Tinted tone="pending" wrap="truncate-end">
          ↻ reconnecting (attempt {state.attempts}): {state.reason}
        </Tinted>
      );
    case "expired":
      return <Tinted tone="error">✗ {TOKEN_EXPIRED_MESSAGE}</Tinted>;
    case "closed":
      return (
        <Tinted tone="error" wrap="truncate-end">
          ✗ closed: {state.reason} (r tries again)
        </Tinted>
      );
  }
}

function eventColumns(width: number): Column<FeedEvent>[] {
  return [
    { title: "Time", width: 8, value: (event) => event.time.toTimeString().slice(0, 8) },
    { title: "Type", width: 8, value: (event) => event.type },
    { title: "Detail", width: Math.max(10, width - 18), value: (event) => event.detail },
  ];
}
