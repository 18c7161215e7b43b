/**
 * Words the typo check never rewrites: common English words (so "list" is not read as "last",
 * nor "sent" as "spend"), the abbreviations of months and days ("sept" is not "sent") and the
 * kitchen's verbs ("blend" is not "lend").
 * General English, not the understanding of any action: that stays in the action files.
 */
export const ENGLISH_WORDS = new Set(
  `a about above across act actually add added after again against age ago agree ah ahead all allow almost alone along apart aside already also although always am among amount an and another answer any anybody anyone anything anyway anywhere are area around arrive arrived as ask asked at away back bad bag bank based be became because become been before began begin behind being believe below besides best better between big bill bit bless blessed blessing black book both bought bottom box boy break bring brought bus business but buy by call called came can cannot car card care carry case cash cater caterer catering cause cent change charge cheap cheaper cheapest check child city class clear close cold come comes coming cook cooked cooking cooks company cost could count counting country couple course cover cut daily dark data date day days dead deal dear did different do does doing dollar dollars done door down during each early easy eat either else end enough even evening ever every everyone everything example except excluding expensive eye face fact fall family far fast father fee feel felt few fill final find fine first five food for form found four free friend from front full fund funds further game gave get gets getting girl give given go goes going gone good got great group grow had half hand happen happened happy hard has have having he head hear heard help her here high him his hold home hope hour house how however hundred idea if important in including inside instead into is it its itself job just keep kept kind knew know known large last late later least leave leaving left less let letter life light like line list little live long look looked looking lose lost lot love low made main make man many may maybe me meal meals mean medium men might mind mine minus minute miss money month months more morning most mother move much must my myself name near need never new next nice night no none nor not note nothing now number of off often oh old on once one ones only open or order other our out over own page paid part pass past pay people per perhaps person place plan play please point possible post price probably problem put question quick quite rather read ready real really reason receive recent recently record red rest right rolling room run said same saw say school second see seem seen sell send sense sent set several shall she short should show shown side since single small so some someone something sometimes soon sorry sort spend spent start state still stop store such sure take taken taking talk tell ten than thank thanks that the their them then there these they thing things think this those though thought three through time times to today together told too took top total toward trailing tried tries true try trying turn two type under until up upon us use used usual very want wanted was watch water way we week weekly weeks well went were what whatever when where whether which while who whole whom whose why will wish with within without word work would write wrong year yearly years yes yesterday yet you your yours
  dont cant wont didnt doesnt isnt wasnt werent havent hasnt aint im ive youre theyre thats whats
  jan feb mar apr may jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun
  january february march april june july august september october november december monday tuesday wednesday thursday friday saturday sunday
  blend blended blender grind grinder boil boiled fry fried stew mix chop slice steam roast grill bake peel wash soak mash stir melt pour serve feed host guest guests`.split(
    /\s+/,
  ),
);

/** Abbreviations read as the words they stand for ("wk" → "week"). */
export const ABBREVIATIONS: Record<string, string> = {
  wk: "week",
  wks: "weeks",
  wkly: "weekly",
  mo: "month",
  mos: "months",
  mth: "month",
  mths: "months",
  mnth: "month",
  yr: "year",
  yday: "yesterday",
  yest: "yesterday",
  tmrw: "tomorrow",
  yrs: "years",
  txn: "transaction",
  txns: "transactions",
  trx: "transaction",
  trxs: "transactions",
  trxn: "transaction",
  trxns: "transactions",
  tx: "transaction",
  txs: "transactions",
  bal: "balance",
  acct: "account",
  amt: "amount",
  pls: "please",
  plz: "please",
  thx: "thanks",
  // On a phone, "ad 2 crates" lost a letter: the shopper adds, no advert is meant.
  ad: "add",
  u: "you",
  ur: "your",
  r: "are",
  dis: "this",
  dat: "that",
  wat: "what",
  wats: "whats",
  hw: "how",
  n: "and",
  gimme: "give me",
  lemme: "let me",
  wanna: "want to",
  gonna: "going to",
  abt: "about",
  ytd: "year to date",
  // Nigerian Pidgin: "how much I don spend" is how much I spent; "I wan return" is I want to return.
  don: "",
  wan: "want to",
  thru: "through",
  tho: "though",
  mtd: "month to date",
};
