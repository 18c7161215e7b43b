import type { Area } from "../check.ts";
import { actionsArea } from "./actions.ts";
import { bffArea } from "./bff.ts";
import { oauthArea } from "./oauth.ts";
import { sseArea } from "./sse.ts";
import { storefrontArea } from "./storefront.ts";
import { walletArea } from "./wallet.ts";

/** Every area, in the order of AREA_NAMES. */
export const AREAS: readonly Area[] = [storefrontArea, sseArea, bffArea, walletArea, oauthArea, actionsArea];
