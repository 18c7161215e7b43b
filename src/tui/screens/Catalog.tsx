import { TextInput } from "@inkjs/ui";
import { Box, Text, useInput } from "ink";
import { useEffect, useState } from "react";
import { describeCart, type Product } from "../client/storefront.ts";
import { RequestLine } from "../components/Pending.tsx";
import { type Column, Table } from "../components/Table.tsx";
import { Tinted } from "../components/Tinted.tsx";
import { type AddResult, useCatalog } from "../hooks/use-catalog.ts";
import { useFieldFocus } from "../hooks/use-field-focus.ts";
import { useListCursor, visibleWindow } from "../hooks/use-list-cursor.ts";
import type { ScreenProps } from "./index.ts";

export const CATALOG_KEYS = [
  { key: "/ s", help: "type a search (as you type; Enter or Esc leaves the field)" },
  { key: "↑↓ PgUp PgDn", help: "choose a product (PgUp/PgDn: a page at a time)" },
  { key: "a Enter", help: "add it to the cart: a quantity (a whole number, 1–99), Enter adds, Esc cancels" },
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
  const [badQuantity, setBadQuantity] = useState<string | undefined>(undefined);
  // Other results start at the top; the same ones again (a search typed on, "ric" then "rice") keep the cursor.
  const shown = products.map((product) => product.id).join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown is what the move to the top follows, not something it reads
  useEffect(() => cursor.setIndex(0), [shown, cursor.setIndex]);
  // A quantity refused is forgotten when the field is left (Esc).
  useEffect(() => {
    if (fields.focused !== "quantity") setBadQuantity(undefined);
  }, [fields.focused]);

  useInput(
    (input) => {
      if (input === "/" || input === "s") fields.focus("search");
      if (input === "a" && cursor.item && catalog.signedIn) fields.focus("quantity");
    },
    { isActive: active && !fields.focused },
  );

  const rows = Math.max(3, height - FIXED_ROWS);
  const { from, to } = visibleWindow(products.length, cursor.index, rows);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Box gap={1}>
        <Text bold>Search:</Text>
        <TextInput
          key={`search-${fields.focused === "search"}`}
          isDisabled={fields.focused !== "search"}
          defaultValue={query}
          placeholder="press / to type (blank: the whole catalog)"
          onChange={setQuery}
          onSubmit={() => fields.blur()}
        />
      </Box>
      <RequestLine state={catalog.search} pending="Searching…" />
      {catalog.signedIn ? (
        <Table
          columns={productColumns(width - 2)}
          rows={products.slice(from, to)}
          selected={listActive ? cursor.index - from : undefined}
          empty={emptyText(catalog.search)}
        />
      ) : (
        <Tinted tone="pending">Sign in first (key 1): the storefront's products and cart need a login.</Tinted>
      )}
      <Box marginTop={1} gap={1}>
        {fields.focused === "quantity" && cursor.item ? (
          <>
            <Text>Quantity of {cursor.item.name} (1–99):</Text>
            <TextInput
              key={`quantity-${badQuantity ?? ""}`}
              defaultValue={badQuantity ?? "1"}
              onSubmit={(text) => {
                const quantity = parseQuantity(text);
                if (quantity === undefined) return setBadQuantity(text);
                setBadQuantity(undefined);
                fields.blur();
                if (cursor.item) catalog.addProduct(cursor.item, quantity);
              }}
            />
            {badQuantity !== undefined ? <Tinted tone="error">✗ a whole number from 1 to 99</Tinted> : null}
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
      <Tinted tone="success" wrap="truncate-end">
        ✓ Added {added.quantity} × {added.product.name}. Cart: {describeCart(added.cart)}
      </Tinted>
      <Text dimColor wrap="truncate-end">
        {lines || " "}
      </Text>
    </Box>
  );
}

/** The quantity typed: a whole number from 1 to 99 (the storefront's limit per line), else undefined. */
export function parseQuantity(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return undefined;
  const quantity = Number(trimmed);
  return quantity >= 1 ? quantity : undefined;
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
