import { errorTexts } from "../errors.ts";

/** Where the data lives (the data dir, a Redis) refused or did not answer: nothing was changed, and reads go on. */
export const STORAGE_ERRORS = {
  storage_unavailable: 503,
} as const;

export const STORAGE_TEXTS = errorTexts(STORAGE_ERRORS, {
  writeRefused: [
    "storage_unavailable",
    "The change was not saved: the data dir refused the write to {file} ({reason}). Check its free space and permissions; reads keep working.",
  ],
  redisSilent: [
    "storage_unavailable",
    "The session store (Redis at {url}) is not answering: {reason}. Agent sessions work again once it is back.",
  ],
});
