// The storefront's tests, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./auth.spec.ts";
import "./cart-events.spec.ts";
import "./cart-stream.spec.ts";
import "./cart.spec.ts";
import "./catalog-cache.spec.ts";
import "./orders.spec.ts";
import "./products.spec.ts";
import "./routing.spec.ts";
