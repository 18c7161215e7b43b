import { TextInput } from "@inkjs/ui";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { describeCart, type Product } from "../client/storefront.ts";
import { RequestLine } from "../components/Pending.tsx";
import { Table, type Column } from "../components/Table.tsx";
import { Tinted } from "../components/Tinted.tsx";
import { useCatalog, type AddResult } from "../hooks/use-catalog.ts";
import { useFieldFocus } from "../hooks/use-field-focus.ts";
import { useListCursor, visibleWindow } from "../hooks/use-list-cursor.ts";
import type { ScreenProps } from "./index.ts";

export const CATALOG_KEYS = [
  { key: "/ s", help: "type a search (as you type; Enter or Esc leaves the field)" },
  { key: "↑↓", help: "choose a product" },
  { key: "a Enter", help: "add it to the cart: a quantity (1), Enter adds, Esc cancels" },
] as const;

/** Rows of the screen that are not product rows: search, its spinner, the table's header, the add lines and the cart. */
const FIXED_ROWS = 9;

/** Search the storefront's catalog as you type; add the selected product to the cart, and see the cart it answers. */
export function CatalogScreen({ active, width, height }: ScreenProps) {
  const [query, setQuery] = useState("");
  const catalog = useCatalog(query);
  const fields = useFieldFocus<"search" | "quantity">(active);
  const products = catalog.search.data?.products ?? [];
  const listActive = active && !fields.focused && catalog.signedIn;
  const cursor = useListCursor(products, { active: listActive, onPick: () => fields.focus("quantity") });

  useInput((input) => {
    if (input === "/" || input === "s") fields.focus("search");
    if (input === "a" && cursor.item && catalog.signedIn) fields.focus("quantity");
  }, { isActive: active && !fields.focused });

  const rows = Math.max(3, height - FIXED_ROWS);
  const { from, to } = visibleWindow(products.length, cursor.index, rows);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Box gap={1}>
        <Text bold>Search:</Text>
        <TextInput key={`search-${fields.focused === "search"}`} isDisabled={fields.focused !== "search"} defaultValue={query} placeholder="press / to type (blank: the whole catalog)" onChange={setQuery} onSubmit={() => fields.blur()} />
      </Box>
      <RequestLine state={catalog.search} pending="Searching…" />
      {catalog.signedIn ? (
        <Table columns={productColumns(width - 2)} rows={products.slice(from, to)} selected={listActive ? cursor.index - from : undefined} empty={emptyText(catalog.search)} />
      ) : (
        <Tinted tone="pending">Sign in first (key 1): the storefront's products and cart need a login.</Tinted>
      )}
      <Box marginTop={1} gap={1}>
        {fields.focused === "quantity" && cursor.item ? (
          <>
            <Text>Quantity of {cursor.item.name}:</Text>
            <TextInput key="quantity" defaultValue="1" onSubmit={(text) => {
              fields.blur();
              if (cursor.item) catalog.addProduct(cursor.item, Number(text.trim()));
            }} />
          </>
        ) : (
          <Tinted tone="muted">{catalog.signedIn ? "a or Enter: add the selected product to the cart" : " "}</Tinted>
        )}
      </Box>
      <RequestLine state={catalog.add} pending="Adding to the cart…" />
      <AddedLines added={catalog.add.data} />
    </Box>
  );
}

/** The cart the storefront answered, in two lines: what was added and the totals, then the lines of the cart. */
function AddedLines({ added }: { added?: AddResult }) {
  if (!added) return <Text> </Text>;
  const lines = added.cart.items.map((item) => `${item.name} ×${item.quantity}`).join(" · ");
  return (
    <Box flexDirection="column">
      <Tinted tone="success" wrap="truncate-end">✓ Added {added.quantity} × {added.product.name}. Cart: {describeCart(added.cart)}</Tinted>
      <Text dimColor wrap="truncate-end">{lines || " "}</Text>
    </Box>
  );
}

function emptyText(search: { status: string; data?: { query: string } }): string {
  if (search.status === "error") return "No products to show (the search failed: see above)";
  if (!search.data) return " ";
  return search.data.query ? `No product matches "${search.data.query}"` : "The catalog is empty";
}

/** Name, price and category, and the id in what room is left (it is the product_id of the cart route). */
function productColumns(width: number): Column<Product>[] {
  const fixed = 26 + 19 + 16 + 3;
  return [
    { title: "Product", width: 26, value: (product) => product.name },
    { title: "Price", width: 19, value: (product) => product.price },
    { title: "Category", width: 16, value: (product) => product.category || "—" },
    { title: "Id", width: Math.max(8, width - fixed), value: (product) => product.id },
  ];
}
