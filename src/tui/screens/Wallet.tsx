import { TextInput } from "@inkjs/ui";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import type { Order, Transaction } from "../client/orders-wallet.ts";
import { RequestLine } from "../components/Pending.tsx";
import { type Column, Table } from "../components/Table.tsx";
import { Tinted } from "../components/Tinted.tsx";
import { useFieldFocus } from "../hooks/use-field-focus.ts";
import { useListCursor, visibleWindow } from "../hooks/use-list-cursor.ts";
import { useOrders, useWallet } from "../hooks/use-orders-wallet.ts";
import type { ScreenProps } from "./index.ts";

export const WALLET_KEYS = [
  { key: "/", help: "type an order id to filter the orders (Esc leaves the field)" },
  { key: "p", help: "next period: 7d, 30d, 90d, 1y" },
  { key: "d", help: "next direction: all, income, spending" },
  { key: "Tab", help: "move the cursor between the orders and the transactions (↑↓ PgUp PgDn)" },
  { key: "g", help: "fetch the orders and the wallet again" },
] as const;

/** Rows of the screen that are not list rows: headings, table headers, request lines, the keys line. */
const FIXED_ROWS = 8;

/** The shopper's orders (filtered by id) above the wallet: balance, the period's insight totals and its transactions. */
export function WalletScreen({ active, width, height }: ScreenProps) {
  const orders = useOrders(active);
  const wallet = useWallet(active);
  const fields = useFieldFocus<"filter">(active);
  const [list, setList] = useState<"orders" | "transactions">("orders");
  const listRows = Math.max(4, height - FIXED_ROWS);
  // Fixed, not the number of orders shown: the wallet below does not move as the filter narrows.
  const orderRows = Math.max(2, Math.floor(listRows * 0.4));
  const transactionRows = listRows - orderRows;
  const orderCursor = useListCursor(orders.shown, {
    active: active && !fields.focused && list === "orders",
    page: orderRows,
  });
  const transactions = wallet.data?.transactions ?? [];
  const transactionCursor = useListCursor(transactions, {
    active: active && !fields.focused && list === "transactions",
    page: transactionRows,
  });

  useInput(
    (input, key) => {
      if (input === "/") fields.focus("filter");
      if (input === "p") wallet.nextPeriod();
      if (input === "d") wallet.nextDirection();
      if (input === "g") [orders.load, wallet.load].forEach((load) => load());
      if (key.tab) setList((current) => (current === "orders" ? "transactions" : "orders"));
    },
    { isActive: active && !fields.focused },
  );

  if (!orders.login && !wallet.login)
    return (
      <Box paddingX={1} flexDirection="column">
        <Text bold>Orders and wallet</Text>
        <Tinted tone="muted">Sign in first (key 1)</Tinted>
      </Box>
    );
  const columns = width - 2;
  return (
    <Box flexDirection="column" paddingX={1}>
      <OrdersHeading orders={orders} editing={fields.focused === "filter"} onDone={fields.blur} />
      <ListSection
        service="storefront"
        signedIn={orders.login !== undefined}
        rows={orders.shown}
        cursor={orderCursor.index}
        height={orderRows}
        focused={active && list === "orders"}
        columns={orderColumns(columns)}
        empty={ordersEmpty(orders.data, orders.filter)}
      />
      <RequestLine state={orders} pending="Fetching the orders…" />
      <WalletSummary wallet={wallet} />
      <ListSection
        service="wallet"
        signedIn={wallet.login !== undefined}
        rows={transactions}
        cursor={transactionCursor.index}
        height={transactionRows}
        focused={active && list === "transactions"}
        columns={transactionColumns(columns)}
        empty={
          wallet.data
            ? `No ${wallet.direction === "all" ? "" : `${wallet.direction} `}transactions in the last ${wallet.period}`
            : ""
        }
      />
      <RequestLine state={wallet} pending="Fetching the wallet…" />
      <Tinted tone="muted" wrap="truncate-end">
        / filter · p period · d direction · Tab switch list · g refresh
      </Tinted>
    </Box>
  );
}

/** "Orders", the order-id filter (typed into after /) and how many orders it lets through. */
function OrdersHeading({
  orders,
  editing,
  onDone,
}: {
  orders: ReturnType<typeof useOrders>;
  editing: boolean;
  onDone: () => void;
}) {
  return (
    <Box gap={1}>
      <Text bold>Orders</Text>
      <Text>filter by order id:</Text>
      <Box width={14}>
        <TextInput
          key={`filter-${editing}`}
          isDisabled={!editing}
          defaultValue={orders.filter}
          placeholder="/ to type"
          onChange={orders.setFilter}
          onSubmit={onDone}
        />
      </Box>
      {orders.data ? (
        <Tinted tone="muted">
          {orders.shown.length} of {orders.data.length}
        </Tinted>
      ) : null}
    </Box>
  );
}

/** The balance, the chosen period and direction, and the period's income and spending. */
function WalletSummary({ wallet }: { wallet: ReturnType<typeof useWallet> }) {
  const view = wallet.data;
  const insights = view?.insights;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold>Wallet</Text>
        {"  balance: "}
        {view ? (
          <Text bold>
            {money(view.balance)} {view.currency}
          </Text>
        ) : (
          "—"
        )}
        {"  period: "}
        <Tinted tone="accent">{wallet.period}</Tinted>
        {" (p)  direction: "}
        <Tinted tone="accent">{wallet.direction}</Tinted> (d)
      </Text>
      <Text wrap="truncate-end">
        {insights ? (
          <>
            Insights {wallet.period}: income <Tinted tone="success">{money(insights.income)}</Tinted> · spending{" "}
            <Tinted tone="error">{money(insights.spending)}</Tinted> · net {money(insights.net)} {insights.currency}
          </>
        ) : (
          <Tinted tone="muted">Insights: —</Tinted>
        )}
      </Text>
    </Box>
  );
}

/** A table of `height` rows around the cursor, always as tall (nothing below jumps); or why there is none: not signed in there. */
function ListSection<Row>({
  service,
  signedIn,
  rows,
  cursor,
  height,
  focused,
  columns,
  empty,
}: {
  service: string;
  signedIn: boolean;
  rows: readonly Row[];
  cursor: number;
  height: number;
  focused: boolean;
  columns: Column<Row>[];
  empty: string;
}) {
  const { from, to } = visibleWindow(rows.length, cursor, height);
  return (
    <Box height={height + 1} flexDirection="column">
      {signedIn ? (
        <Table
          columns={columns}
          rows={rows.slice(from, to)}
          selected={focused ? cursor - from : undefined}
          empty={empty}
        />
      ) : (
        <Tinted tone="muted">Not signed in to the {service}: sign in first (key 1)</Tinted>
      )}
    </Box>
  );
}

function ordersEmpty(orders: readonly Order[] | undefined, filter: string): string {
  if (!orders) return "";
  if (orders.length === 0) return "No orders yet for this user";
  return `No order id contains "${filter.trim()}"`;
}

function orderColumns(width: number): Column<Order>[] {
  const fixed = 11 + 11 + 33 + 3;
  return [
    { title: "Order id", width: 11, value: (order) => order.orderId },
    { title: "Status", width: 11, value: (order) => order.status },
    { title: "Placed", width: 33, value: (order) => `${order.orderDate} ${order.orderTime}` },
    {
      title: "Items",
      width: Math.max(8, width - fixed),
      value: (order) =>
        `${order.mainProduct.name} ×${order.mainProduct.quantity}${order.additionalItemsCount > 0 ? ` +${order.additionalItemsCount} more` : ""}`,
    },
  ];
}

function transactionColumns(width: number): Column<Transaction>[] {
  const fixed = 16 + 13 + 10 + 10 + 9 + 5;
  return [
    { title: "When (UTC)", width: 16, value: (transaction) => transaction.createdAt.slice(0, 16).replace("T", " ") },
    { title: "Id", width: 13, value: (transaction) => transaction.id },
    { title: "Type", width: 10, value: (transaction) => transaction.type },
    {
      title: "Amount",
      width: 10,
      right: true,
      value: (transaction) => `${transaction.direction === "income" ? "+" : "-"}${money(transaction.amount)}`,
    },
    { title: "Status", width: 9, value: (transaction) => transaction.status },
    { title: "Description", width: Math.max(8, width - fixed), value: (transaction) => transaction.description },
  ];
}

function money(amount: number): string {
  return amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
