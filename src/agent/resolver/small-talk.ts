/**
 * Small talk: a greeting, thanks or a goodbye and nothing else, in English, Pidgin, Yoruba, Igbo
 * and Hausa, answered in kind with nothing sent.
 */

/** Words that greet, in English, Pidgin, Yoruba, Igbo and Hausa ("good morning", "how far", "e kaaro", "kedu", "sannu"). */
const GREETING =
  "(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening|day)|morning|how far|e kaaro|ekaaro|e kaasan|e kaale|bawo ni|kedu|ndewo|sannu|how are (?:you|u)(?: doing)?|how (?:you|u) dey|how is your day)";

/** Words that thank ("thank you", "e se gan", "dalu", "nagode"). */
const THANKS =
  "(?:thanks|thank you|thank u|thx|cheers|tanks|tank you|e se|ese|e seun|o se|dalu|daalu|imeela|nagode|na gode|(?:you|u) too much|god bless (?:you|u)|(?:you|u) do well|well done|(?:you(?:'re| are|'ve been| have been| were)|u r|ur) (?:very |so |really )?(?:helpful|kind|the best|amazing|great|a star|smart|clever|fast|quick|good)|(?:you|u) (?:too |dey |really )?sabi|(?:you|u) try(?: well(?: well)?)?|nice one|good job|great job)";

/** What may follow either: whom, how much, and the wishes that go with them ("dear", "so much for your help this morning", "i hope you are keeping well"). */
const PLEASANTRIES =
  "(?: (?:there|agent|bot|dear|sir|ma|madam|bro|sis|o+|oh|jare|a lot|so much|very much|gan|ni|well well|again|for (?:your|the|all (?:your|the)) (?:help|assistance|time|support|answers?)|this (?:morning|afternoon|evening)|today|(?:i )?hope (?:you(?:'re| are)|u r|all is) (?:keeping )?(?:well|fine|good|ok(?:ay)?)|hope say (?:your|ur) day dey go (?:well|fine)|(?:i )?hope (?:your|ur) day (?:is|dey) (?:going )?(?:well|fine|good)|how are (?:you|u)(?: doing)?|how (?:you|u) dey|how is your day|(?:you|u) (?:too much|do well|try|are the best|'re the best|rock)|well done|that'?s all(?: for (?:now|today))?|that is all(?: for (?:now|today))?|my day don make|(?:you|u) made my day))*";

/** Thanks and nothing else, and a greeting and nothing else, each with its pleasantries. */
const THANKING = new RegExp(`^ (?:(?:ok|okay|great|cool|perfect) )?(?:${THANKS}${PLEASANTRIES} ?)+ $`);
const GREETING_ONLY = new RegExp(`^ (?:${GREETING}${PLEASANTRIES} ?)+ $`);

/** Words that take leave, after any thanks ("bye", "see you later", "ok let me go open shop, bye", "you too much, bye bye"). */
const GOODBYE = new RegExp(
  `^ (?:(?:ok|okay|alright|cool|${THANKS})${PLEASANTRIES} )*(?:(?:let me|lemme|i (?:wan|want to|have to|must|need to)) go(?: [a-z]+){0,3} )?(?:bye(?: bye)?|goodbye|see (?:you|u|ya)(?: later| soon| tomorrow)?|catch (?:you|u) later|take care|later|talk (?:to you )?later|(?:that'?s|that is) all(?: for (?:now|today))?)(?: (?:o+|sha|now|for now|dear|then))* $`,
);

/** A greeting or thanks and nothing else ("hello", "thanks dear!", "E kaaro o! I hope you are keeping well"): answered in kind, with nothing sent. */
export function smallTalk(text: string): "a greeting" | "thanks" | "goodbye" | undefined {
  if (GOODBYE.test(text)) return "goodbye";
  if (THANKING.test(text)) return "thanks";
  if (GREETING_ONLY.test(text)) return "a greeting";
  return undefined;
}
