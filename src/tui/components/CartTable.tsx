import { Box, Text } from "ink";
import { formatNaira, type Cart, type CartItem } from "../client/storefront.ts";
import { Table, type Column } from "./Table.tsx";

const COLUMNS: Column<CartItem>[] = [
  { title: "Product", width: 26, value: (item) => item.name },
  { title: "Pack", width: 18, value: (item) => item.description },
  { title: "Qty", width: 4, right: true, value: (item) => String(item.quantity) },
  { title: "Unit price", width: 12, right: true, value: (item) => formatNaira(item.price) },
  { title: "Total", width: 13, right: true, value: (item) => formatNaira(item.price * item.quantity) },
];

/** A cart's lines (at most `rows` of them) and its subtotal, which the server computed. */
export function CartTable({ cart, rows, empty }: { cart?: Cart; rows: number; empty: string }) {
  const items = cart?.items ?? [];
  const shown = items.length > rows ? items.slice(0, Math.max(0, rows)) : items;
  const hidden = items.length - shown.length;
  return (
    <Box flexDirection="column">
      <Table columns={COLUMNS} rows={shown} empty={cart ? "The cart is empty" : empty} />
      <Text bold wrap="truncate-end">
        {"Subtotal".padEnd(26 + 18 + 4 + 12 + 4)}{cart ? formatNaira(cart.subtotal).padStart(13) : "—".padStart(13)}
        {hidden > 0 ? <Text dimColor>  ({hidden} more {hidden === 1 ? "line" : "lines"} not shown)</Text> : null}
      </Text>
    </Box>
  );
}
