import type { CatalogEntry } from "../resolver/products.ts";

/**
 * A quantity said without a number: "plenty", "some", "a few", "enough for the party", "more".
 * The agent asks how many; it never guesses one. "A bunch" of a product sold by the bunch is one.
 */
const VAGUE =
  /\bsmall(?: small)?\b(?!\s+(?:bags?|buckets?|baskets?|bottles?|paint|packs?|sizes?|size|one|ones|kegs?))|\bnot (?:too )?(?:much|many)\b|\b(?:some|sum|plenty|plenti|a few|few|several|many|lots?(?: of)?|a lot(?: of)?|loads?(?: of)?|tons? of|heaps? of|enough|sufficient|adequate|more|extra|additional|another few|a bit(?: of)?|a little|small small|bulk|in bulk|a handful|handfuls?|a bunch of|bunches of|as (?:much|many)(?: [a-z]+){0,4} as|a good (?:amount|number|quantity)|multiple|various|a couple more|a load of|abundant|surplus|wholesale|fill (?:up )?(?:my|the) (?:cart|basket)|stock up|same (?:amount|quantity|number|as (?:usual|before|last time))|as usual|the usual|like (?:last time|before|usual)|as before|for (?:the|a|one)(?: whole| entire| full)? (?:month|week|year|fortnight|holidays?)|(?:days?|weeks?|months?)(?:'s|')? worth|(?:about|around|roughly|approximately|approx|at least|at most|up to|upto|maybe)\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:or more|or so|-ish|ish|plus)|no more than\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten))\b/i;

/** Two counts given as a choice or a range: "a bag or two", "2-3 crates", "2 to 3", "3 or 4"; not times ("18:00-06:00", "9-5pm"). */
const RANGE =
  /\b(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:[a-z]+\s+){0,3}?or\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|so)\b|(?<![:/.]\d*)\b\d+\s*(?:-|–|to)\s*\d+\b(?![:/.]\d|\s*(?:kg|g|l|litres?|cl|ml|%|naira|k\b|am\b|pm\b))/i;

/** Two counts said as a choice or a range ("a bag or two", "2-3 crates"): no one number to add. */
export function countRange(request: string): string | undefined {
  return RANGE.exec(request)?.[0];
}

/** A count said as about, at least or at most ("about 3", "at least 2", "3 or more"): no one number to add. */
const APPROXIMATE =
  /\b(?:add|put|buy|get)\s+like\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b|\b(?:about|around|roughly|approximately|approx|at least|at most|up to|upto|maybe)\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:or more|or so|-ish|ish)\b/i;

/** People counted about ("about 200 guests"): how many eat, not a count of packs. */
const PEOPLE_AFTER = /^\s*(?:guests?|people|persons|ppl|kids|children|adults|visitors|of us)\b/i;

/** The approximate count a request says, if any. */
export function approximate(request: string): string | undefined {
  const found = APPROXIMATE.exec(request);
  return found && !PEOPLE_AFTER.test(request.slice(found.index + found[0].length)) ? found[0] : undefined;
}

/** The vague quantity a request holds for a product, if it says no number. */
export function vagueQuantity(request: string, product: CatalogEntry | undefined): string | undefined {
  const found = VAGUE.exec(request)?.[0];
  if (!found) return undefined;
  // A bunch of a product sold by the bunch is one of its packs.
  if (/bunch/i.test(found) && /\bbunch\b/i.test(product?.description ?? "")) return undefined;
  return found;
}
