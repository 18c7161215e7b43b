import { Box, Text } from "ink";
import { type Cart, type CartItem, formatNaira } from "../client/storefront.ts";
import { type Column, Table } from "./Table.tsx";

/** The subtotal sits under the Total column: the label takes the width of the others and their gaps. */
const TOTAL_WIDTH = 13;
const LABEL_WIDTH = 26 + 18 + 4 + 12 + 4;

const COLUMNS: Column<CartItem>[] = [
  { title: "Product", width: 26, value: (item) => item.name },
  { title: "Pack", width: 18, value: (item) => item.description },
  { title: "Qty", width: 4, right: true, value: (item) => String(item.quantity) },
  { title: "Unit price", width: 12, right: true, value: (item) => formatNaira(item.price) },
  { title: "Total", width: TOTAL_WIDTH, right: true, value: (item) => formatNaira(item.price * item.quantity) },
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
        {`Subtotal${hidden > 0 ? ` (${hidden} more ${hidden === 1 ? "line" : "lines"} not shown)` : ""}`.padEnd(
          LABEL_WIDTH,
        )}
        {(cart ? formatNaira(cart.subtotal) : "—").padStart(TOTAL_WIDTH)}
      </Text>
    </Box>
  );
}
