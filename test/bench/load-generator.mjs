/**
 * autocannon through its API, so that the p99 is that of every answer's latency as measured:
 * its own summary keeps whole milliseconds, as coarse as the differences this bench compares on
 * answers of a few milliseconds. Prints autocannon's summary with `latency.p99` exact (2xx
 * answers only, as autocannon counts latencies).
 * Usage: node load-generator.mjs '{"url": "…", "connections": 50, "duration": 5, …}' (autocannon's options)
 */
import autocannon from "autocannon";

const latencies = [];
const instance = autocannon(JSON.parse(process.argv[2]), (error, result) => {
  if (error) throw error;
  latencies.sort((a, b) => a - b);
  const p99 = latencies.length === 0 ? 0 : latencies[Math.ceil(latencies.length * 0.99) - 1];
  process.stdout.write(JSON.stringify({ ...result, latency: { ...result.latency, p99 } }));
});
instance.on("response", (_client, statusCode, _bytes, responseTime) => {
  if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
});
