import { recordingFetch } from "../../client/recording-fetch.ts";
import { createServiceClient, type ServiceClient } from "../../client/service-client.ts";
import type { Masker } from "../../mask.ts";
import type { ServiceUrls } from "../../service-names.ts";
import type { TrafficLog } from "./traffic.ts";

/** The UI's service client: every screen calls the servers through it, and every exchange lands in the traffic log. */
export function createHttpClient(options: {
  urls: ServiceUrls;
  traffic: TrafficLog;
  masker: Masker;
  timeoutMs?: number;
}): ServiceClient {
  const { urls, traffic, masker } = options;
  const fetch = recordingFetch((exchange) => traffic.add(exchange), masker);
  return createServiceClient({ urls, fetch, timeoutMs: options.timeoutMs });
}
