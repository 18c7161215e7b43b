import type { H3, H3Event } from "h3";
import { CONTROL_TEXTS } from "../contracts/controls/errors.ts";
import { CONTROLS } from "../contracts/controls/routes.ts";
import type { JOURNAL_BACKLOG } from "../contracts/controls/schemas.ts";
import { type JournalEntry, type JournalFilter, matchesFilter, STATUS_FILTER } from "../contracts/journal/entry.ts";
import { failWith } from "../errors.ts";
import { addControl } from "../http/control-route.ts";
import { queryChoice, queryParam } from "../http/query.ts";
import { type EncodedEvent, encodeEvent, openLiveStream } from "../http/sse.ts";
import { STREAM_RETRY_AFTER_S, takeStreamSlot } from "../http/stream-share.ts";
import { toHar } from "../journal/har.ts";
import type { FromSchema } from "../json-schema.ts";
import { jsonInSlices } from "../json-slices.ts";
import { SERVICE_NAMES } from "../service-names.ts";
import { inSlices } from "../slices.ts";
import { type DemoUser, journalUserId } from "../users.ts";
import { packageVersion } from "../version.ts";
import type { Controls } from "./controls.ts";

/**
 * The most live followers a server's journal has: each request it answers is encoded once and
 * written to every one of them, so hundreds made every request 10–30× slower. A follower is a
 * person's tool (the terminal UI, `journal --follow`): a few per server is plenty.
 */
export const MAX_FOLLOWERS = 16;

/** A follower reads fast (it is a local tool), but a backlog or a burst of entries can be large. */
const STREAM_BUFFER_BYTES = 4 * 1024 * 1024;
/** A stream opens with at most this much of what it missed, so that a follower that fell far behind is not dropped again at once. */
const BACKLOG_BYTES = STREAM_BUFFER_BYTES / 2;

/** The request journal: list it, follow it live, clear it. Any server answers for the whole sandbox. */
export function addJournalRoutes(app: H3, controls: Controls): void {
  const { journal } = controls;
  // An entry goes out to every follower it matches as the same bytes: encoded once, not once per
  // stream, as every request the sandbox answers is sent to each of up to the streams' share of followers.
  const encoded = new WeakMap<JournalEntry, EncodedEvent>();
  const entryEvent = (entry: JournalEntry): EncodedEvent => {
    let event = encoded.get(entry);
    if (!event) {
      event = encodeEvent({ event: "entry", id: String(entry.id), data: entry });
      encoded.set(entry, event);
    }
    return event;
  };

  // Thousands of entries take seconds to mask and write out: each listing is made in slices, with
  // the event loop's turn between them, so that every server keeps answering meanwhile.
  const { timers } = controls.clock;

  addControl(app, CONTROLS.journal, async (event) => {
    const filter = journalFilter(event, controls.users);
    const options = { limit: queryCount(event, "limit", 1), after: queryCount(event, "after", 0) };
    const format = queryChoice(event, "format", ["json", "har"] as const);
    await journal.settled();
    const { lastId } = journal; // as the listing starts, which takes the entries held now
    const list = await inSlices(journal.listing(filter, options), timers);
    if (format === "har") {
      const creator = { name: "agent-commerce-sandbox", version: packageVersion() };
      return jsonInSlices(await inSlices(toHar(list.entries, controls.urls, creator), timers), timers);
    }
    return jsonInSlices({ ...list, lastId }, timers);
  });

  addControl(app, CONTROLS.followJournal, async (event) => {
    const filter = journalFilter(event, controls.users);
    // A reconnecting EventSource sends the last id it saw: it gets what it missed, then the rest.
    const after = queryCount(event, "after", 0) ?? lastEventId(event);
    await journal.settled();
    takeStreamSlot(event);
    if (journal.followers >= MAX_FOLLOWERS)
      failWith(CONTROL_TEXTS.tooManyFollowers, {
        values: { max: MAX_FOLLOWERS, seconds: STREAM_RETRY_AFTER_S },
        headers: { "retry-after": String(STREAM_RETRY_AFTER_S) },
        expected: true,
      });
    // What is recorded while the backlog is made waits, and follows it.
    const recordedMeanwhile: JournalEntry[] = [];
    let forward = (entry: JournalEntry) => void recordedMeanwhile.push(entry);
    const unsubscribe = journal.subscribe((entry) => {
      if (matchesFilter(entry, filter)) forward(entry);
    });
    const { lastId } = journal;
    const missed =
      after === undefined
        ? []
        : await inSlices(journal.listing(filter, { after }), timers).then(
            (listing) => listing.entries,
            (error: unknown) => {
              unsubscribe();
              throw error;
            },
          );
    const stream = openLiveStream({
      first: { event: "journal", id: String(lastId), data: newestFitting(missed, BACKLOG_BYTES) },
      clock: controls.clock,
      heartbeatMs: controls.config.sseHeartbeat,
      maxBufferedBytes: STREAM_BUFFER_BYTES,
      registry: controls.liveStreams,
      node: event.runtime?.node?.res,
    });
    stream.onClose(unsubscribe);
    forward = (entry) => void stream.send(entryEvent(entry));
    for (const entry of recordedMeanwhile) forward(entry);
    return stream.response;
  });

  addControl(app, CONTROLS.clearJournal, () => ({ cleared: journal.clear() }));
}

/** The newest entries that fit in `bytes` as JSON, and how many older ones were left out. */
function newestFitting(entries: JournalEntry[], bytes: number): FromSchema<typeof JOURNAL_BACKLOG> {
  let start = entries.length;
  for (let size = 0; start > 0; start--) {
    size += Buffer.byteLength(JSON.stringify(entries[start - 1]));
    if (size > bytes) break;
  }
  return { entries: entries.slice(start), skipped: start };
}

function journalFilter(event: H3Event, users: readonly DemoUser[]): JournalFilter {
  const agent = queryChoice(event, "agent", ["true", "false"]);
  const health = queryChoice(event, "health", ["true", "false"]);
  const status = queryParam(event, "status");
  if (status !== undefined && !STATUS_FILTER.test(status))
    failWith(CONTROL_TEXTS.statusFilter, { values: { value: status }, details: { field: "status" } });
  return {
    service: queryChoice(event, "service", SERVICE_NAMES),
    method: queryParam(event, "method"),
    path: queryParam(event, "path"),
    user: journalUser(queryParam(event, "user"), users),
    agent: agent === undefined ? undefined : agent === "true",
    status,
    health: health === undefined ? undefined : health === "true",
  };
}

/** The `user` parameter as the journal's ids: a demo user's email for the id; an email of no demo user refused. */
function journalUser(value: string | undefined, users: readonly DemoUser[]): string | undefined {
  if (value === undefined) return undefined;
  const id = journalUserId(value, users);
  if (id === undefined)
    failWith(CONTROL_TEXTS.userFilter, {
      values: { value: value.trim(), emails: users.map((each) => each.email).join(", ") },
      details: { field: "user" },
    });
  return id;
}

function queryCount(event: H3Event, name: string, min: number): number | undefined {
  const value = queryParam(event, name);
  if (value === undefined) return undefined;
  const count = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!(count >= min))
    failWith(CONTROL_TEXTS.countBelow, { values: { field: name, min, value }, details: { field: name } });
  return count;
}

function lastEventId(event: H3Event): number | undefined {
  const id = event.req.headers.get("last-event-id")?.trim();
  return id && /^\d{1,15}$/.test(id) ? Number(id) : undefined;
}
