/** The sandbox's three servers, by the names every part of it uses: flags, the lock file, the journal, the controls. */
export const SERVICE_NAMES = ["storefront", "wallet", "host"] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
/** How the banner and messages name each server. */
export const SERVICE_LABELS: Record<ServiceName, string> = {
  storefront: "storefront",
  wallet: "wallet",
  host: "host app",
};

/** Where the servers listen, by name: those that run (the CLI reads them from the lock of a running sandbox). */
export type ServiceUrls = Partial<Record<ServiceName, string>>;
