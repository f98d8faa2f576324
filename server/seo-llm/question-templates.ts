/**
 * The questions Sightline asks on the user's behalf until they write their own: what a buyer would
 * type into an assistant, so the answers show whether the brand comes up unprompted. Most of them
 * therefore name the market (a keyword), not the brand; only comparison and quality questions name
 * it, as buyers do once they have a name in mind.
 */

import { QUESTION_CATEGORIES, type QuestionCategory } from "#domain/seo-profile";
import { displayNames } from "#domain/intl";

export { QUESTION_CATEGORIES, type QuestionCategory };

export type QuestionProfile = {
  brand_name: string;
  website_url: string | null;
  market_language: string;
  country: string | null;
  keywords: string[];
  competitors: Array<{ name: string }>;
};

export type SystemQuestion = { category: QuestionCategory; question_text: string; language: "en" | "fr" };

type Language = SystemQuestion["language"];

const MAX_QUESTION_LENGTH = 500;

/*
 * Placeholders: {keyword}, {brand}, {competitor}, {in_country} (" in France", or nothing when the
 * country is unknown). French prefixes any of the first three with de_ or que_ ({de_brand}: "de
 * Globex" / "d'Acme") for the elision a keyword or name may need. Within a category, the most
 * typical questions come first: a small plan only gets the first few. No template starts with a
 * placeholder, so every question starts with a capital whatever the brand's spelling.
 *
 * A keyword is any noun phrase: a countable singular ("telehealth platform"), a plural ("running
 * shoes"), a mass noun ("accounting software"), an acronym ("CRM"). Guessing which, to add an
 * article or make a verb agree, goes wrong on the words no list knows, so the templates only put
 * the keyword where every kind reads well as it is:
 * - English: after "which"/"what" with a modal or another subject's verb ("Which {keyword} would
 *   you recommend?", "…do experts recommend"); after a determiner with no verb agreeing with it
 *   ("Who offers the best {keyword}?", "the right {keyword}", "my {keyword}", "their {keyword}");
 *   after "kind of", "types of", "choice of", which take a bare noun of any number. Never after a
 *   bare preposition or verb ("for {keyword}", "buying {keyword}"), never as the subject of a verb
 *   that agrees with it ("How does {keyword} work?"), never as a modifier ("{keyword} providers"
 *   reads wrong with a plural keyword).
 * - French: after "de" (elided as needed) in "en matière de", "type de", "choix de", so that no
 *   article or adjective has to agree with the keyword's unknown gender and number.
 * server/seo-llm/question-templates.grammar.test.ts holds every template to this with keywords of
 * every kind.
 */
const TEMPLATES: Record<Language, Record<QuestionCategory, readonly string[]>> = {
  en: {
    selection: [
      "Which {keyword} would you recommend{in_country}?",
      "Which {keyword} should I choose for a small business?",
      "Who offers the best {keyword}{in_country}?",
      "What is the best choice of {keyword} for a freelancer?",
      "Which {keyword} do reviewers rate highest right now?",
      "Which {keyword} would suit a growing team best?",
      "Which {keyword} would you pick on a tight budget without giving up quality?",
      "Which {keyword} do experts recommend for beginners?",
    ],
    understanding: [
      "How do the different types of {keyword} work?",
      "What should I know before choosing my {keyword}?",
      "How much should a business budget for its {keyword}{in_country}?",
      "What should I compare when choosing between different kinds of {keyword}?",
      "What mistakes do businesses make when choosing their {keyword}?",
      "How do I evaluate which {keyword} would suit my needs?",
      "What are the main differences between the types of {keyword} on the market?",
      "How long does it usually take to get started with our new {keyword}?",
    ],
    benefits: [
      "What are the main benefits of the right {keyword} for a business?",
      "Is spending more on our {keyword} worth it for a small business?",
      "What results can I realistically expect from my {keyword}?",
      "What makes companies invest more in their {keyword}?",
      "What problems can the right {keyword} solve?",
      "How can a better choice of {keyword} save a business time and money?",
      "What are the advantages of choosing {brand} for my {keyword}?",
      "Why do customers choose {brand}?",
    ],
    comparison: [
      "Between {brand} and {competitor}, which {keyword} should I go with?",
      "What are the best alternatives to {competitor}{in_country}?",
      "What is the difference between {brand} and {competitor}?",
      "Is there a better choice of {keyword} than {competitor}?",
      "Who are the main competitors of {brand}?",
      "Which is cheaper, {brand} or {competitor}?",
      "How does {brand} stack up against the best {keyword} on the market?",
      "What other {keyword} would you suggest instead of {competitor}?",
      "How do the main choices of {keyword} compare{in_country}?",
    ],
    quality: [
      "Is {brand} reliable?",
      "What do customers say about {brand}?",
      "What are the downsides of {brand}?",
      "Is {brand} worth the price?",
      "How good is customer support at {brand}?",
      "Does {brand} have a good reputation{in_country}?",
      "Are there any complaints about {brand}?",
      "Is {brand} a trustworthy choice of {keyword}?",
    ],
  },
  fr: {
    selection: [
      "Quelles solutions recommandez-vous en matière {de_keyword}{in_country} ?",
      "Quel type {de_keyword} choisir pour une petite entreprise ?",
      "Comment bien choisir en matière {de_keyword}{in_country} ?",
      "Quels sont les acteurs les plus fiables en matière {de_keyword}{in_country} ?",
      "Que recommandent les experts en matière {de_keyword} en ce moment ?",
      "Quelle est la meilleure option en matière {de_keyword} pour une PME ?",
      "Quel est le meilleur rapport qualité-prix en matière {de_keyword}{in_country} ?",
      "Quel type {de_keyword} conseillez-vous pour débuter ?",
    ],
    understanding: [
      "Comment fonctionnent les différents types {de_keyword} ?",
      "Que faut-il savoir avant de faire son choix en matière {de_keyword} ?",
      "Quel budget prévoir en matière {de_keyword}{in_country} ?",
      "Quels critères regarder pour comparer les options en matière {de_keyword} ?",
      "Quelles sont les erreurs à éviter en matière {de_keyword} ?",
      "Quelles questions poser avant de s'engager en matière {de_keyword} ?",
      "Quelles sont les différences entre les principaux types {de_keyword} du marché ?",
      "Comment bien démarrer en matière {de_keyword} ?",
    ],
    benefits: [
      "Quels sont les avantages d'un bon choix {de_keyword} ?",
      "Est-ce que ça vaut le coup d'investir en matière {de_keyword} pour une petite entreprise ?",
      "Quels résultats concrets peut-on attendre en matière {de_keyword} ?",
      "Quel retour sur investissement espérer en matière {de_keyword} ?",
      "Quels problèmes un bon choix {de_keyword} permet-il de résoudre ?",
      "Pourquoi les entreprises investissent-elles en matière {de_keyword} ?",
      "Quels sont les avantages {de_brand} en matière {de_keyword} ?",
      "Pourquoi les clients choisissent-ils {brand} ?",
    ],
    comparison: [
      "Entre {brand} et {competitor}, que choisir en matière {de_keyword} ?",
      "Quelles sont les meilleures alternatives à {competitor}{in_country} ?",
      "Quelle est la différence entre {brand} et {competitor} ?",
      "Existe-t-il une meilleure option {que_competitor} en matière {de_keyword} ?",
      "Quels sont les principaux concurrents {de_brand} ?",
      "Entre {brand} et {competitor}, quelle offre est la moins chère ?",
      "Que vaut {brand} face à la concurrence en matière {de_keyword} ?",
      "Quelles alternatives à {competitor} existent en matière {de_keyword} ?",
      "Comment se comparent les principaux acteurs en matière {de_keyword}{in_country} ?",
    ],
    quality: [
      "Peut-on faire confiance à {brand} ?",
      "Que disent les clients {de_brand} ?",
      "Quels sont les avis sur {brand} ?",
      "Quels sont les points faibles {de_brand} ?",
      "Est-ce {que_brand} vaut son prix ?",
      "Le service client {de_brand} est-il réactif ?",
      "Quelle est la réputation {de_brand}{in_country} ?",
      "Y a-t-il des plaintes contre {brand} ?",
    ],
  },
};

/** Every template, for the tests that hold each of them to the rules above. */
export const QUESTION_TEMPLATES: Readonly<Record<Language, Readonly<Record<QuestionCategory, readonly string[]>>>> = TEMPLATES;

const PLACEHOLDER = /\{(?:(de|que)_)?(keyword|brand|competitor|in_country)\}/g;

const VOWEL = /^[aeiouàâäéèêëîïôöùûüœæ]/i;
/** A y before a vowel is a consonant ("de yoga", "de yaourt"); before a consonant, a vowel ("d'Yvelines"). */
const CONSONANT_Y = /^y[aeiouàâäéèêëîïôöùûü]/i;
/** Vowel-initial words that keep "de" whole ("de onze", "de ouistiti"). */
const VOWEL_NO_ELISION = /^(?:onze|onzième|oui|ouistiti)(?![\p{L}])/iu;
/**
 * The aspirated h: "de housse", "de hamac", "de hardware", where a mute h elides ("d'hébergement",
 * "d'huile", "d'hygiène"). French words with a mute h far outnumber the others, so a common noun
 * elides before h unless it starts with one of these (the usual aspirated words, and the English
 * ones French borrows with their h sounded). The lookaheads keep mute words that share a stem out
 * ("hallucination", "halogène", "héroïne", "huître" spelled "huitre").
 */
const ASPIRATED_H = new RegExp(
  "^(?:" +
    [
      "hach", "hack", "haie", "haill", "hain", "haïr", "hall(?!u)", "halo(?!g)", "halte", "hamac", "hamburger", "hameau", "hameçon", "hamster", "hanche",
      "hand", "hangar", "hanneton", "hant", "happ", "harangu", "haras", "harcel", "harcèl", "hard", "hareng", "hargn", "haricot", "harnais", "harp", "hasard",
      "hâte", "hâtif", "hauss", "haut", "havre", "head", "heavy", "hedge", "help", "henné", "hennir", "hérisson", "hernie", "héron", "héros", "herse", "hêtre",
      "heurt", "hibou", "hideu", "hiérarch", "high", "hi-fi", "hifi", "hip-hop", "hippie", "hippy", "hiss", "hobby", "hockey", "hold", "hollandais", "homard",
      "home(?!o)", "hongr", "honte", "hoquet", "horde", "hors", "hot-", "hotline", "hotspot", "hotte", "houblon", "houill", "houle", "houppe", "house", "housse",
      "houx", "hover", "hub", "huche", "huée", "huer", "huit(?!r)", "hurl", "hussard", "hutte", "hype",
    ].join("|") +
    ")",
  "i",
);

/**
 * Whether "de"/"que" elide before `value`: before a vowel, not a y that is a consonant; for a
 * common noun also before a mute h. Names keep "de" before any h ("de Hachette", "de HubSpot"):
 * brands are too often foreign for the French list to know them.
 */
function elides(value: string, isName: boolean): boolean {
  if (VOWEL_NO_ELISION.test(value) || CONSONANT_Y.test(value)) return false;
  if (VOWEL.test(value) || /^y/i.test(value)) return true;
  return !isName && /^h/i.test(value) && !ASPIRATED_H.test(value);
}

function elide(word: "de" | "que", value: string, isName: boolean): string {
  return elides(value, isName) ? `${word.slice(0, -1)}'${value}` : `${word} ${value}`;
}

/** Official long names read like a form ("Hong Kong SAR China"); these read naturally in short form. */
const SHORT_NAMED = new Set(["HK", "MO", "PS"]);
const ENGLISH_WITH_THE = new Set(["US", "GB", "NL", "AE", "PH", "DO", "BS", "GM", "CF", "KM", "MV", "MH", "SB", "SC", "CD", "CG"]);
const FRENCH_AUX = new Set(["US", "NL", "AE", "PH", "KM", "MV", "SC", "BS", "FJ", "MH", "SB", "VI", "VG", "KY", "TC", "FO", "FK", "CK", "MP", "UM"]);
const FRENCH_A = new Set(["SG", "MC", "MT", "CY", "MG", "CU", "MU", "BH", "TW", "HK", "MO", "RE", "PR", "SM", "AD", "LI", "BB", "TT", "DM", "GD", "LC", "VC", "KN", "AG", "ST", "CV", "KI", "NR", "TV", "PW", "VU", "TO", "WS", "BN", "GU", "YT", "BL", "MF", "PM", "WF"]);
/** Masculine despite the final -e, so "au", not "en". */
const FRENCH_MASCULINE_E = new Set(["MX", "KH", "MZ", "ZW", "BZ", "SR"]);

function countryName(code: string, language: Language): string | null {
  try {
    const names = displayNames([language], { type: "region", fallback: "none", style: SHORT_NAMED.has(code) ? "short" : "long" });
    return names.of(code) ?? null;
  } catch {
    return null;
  }
}

/** " in the United States", " aux États-Unis": the location part of a question, or "" when unknown. */
function locationPhrase(country: string | null, language: Language): string {
  const code = country?.trim().toUpperCase() ?? "";
  // ZZ is ICU's "Unknown Region", a name no buyer would type.
  if (!/^[A-Z]{2}$/.test(code) || code === "ZZ") return "";
  const name = countryName(code, language);
  if (!name) return "";
  if (language === "en") return ` in ${ENGLISH_WITH_THE.has(code) ? "the " : ""}${name}`;
  if (FRENCH_AUX.has(code) || /^Îles?\s/i.test(name)) return ` aux ${name}`;
  if (FRENCH_A.has(code)) return ` à ${name}`;
  const head = name.split(/\s/)[0];
  if (/^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(head) || code === "HT") return ` en ${name}`;
  return head.endsWith("e") && !FRENCH_MASCULINE_E.has(code) ? ` en ${name}` : ` au ${name}`;
}

type Fill = { keyword: string | null; brand: string; competitor: string | null; location: string };

function fill(template: string, values: Fill): string {
  return template.replace(PLACEHOLDER, (_, article: "de" | "que" | undefined, name: keyof Omit<Fill, "location"> | "in_country") => {
    if (name === "in_country") return values.location;
    const value = values[name] ?? "";
    return article ? elide(article, value, name !== "keyword") : value;
  });
}

const distinct = (values: string[]) => {
  const seen = new Set<string>();
  return values
    .map((value) => value.trim().replace(/\s+/g, " "))
    .filter((value) => {
      const key = value.toLowerCase();
      if (!value || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
};

/**
 * `perCategory` questions for each allowed category (fewer only when the templates run out), in
 * the category order of QUESTION_CATEGORIES. Keywords (and competitors) are used in turn, so every
 * keyword gets asked about; a second pass over the templates with the next keywords is made when
 * one pass is not enough. Same profile, same questions.
 */
export function generateSystemQuestions(profile: QuestionProfile, options: { perCategory: number; categories: readonly QuestionCategory[] }): SystemQuestion[] {
  const language: Language = profile.market_language.trim().toLowerCase().startsWith("fr") ? "fr" : "en";
  const brand = profile.brand_name.trim().replace(/\s+/g, " ");
  const keywords = distinct(profile.keywords);
  const competitors = distinct(profile.competitors.map((competitor) => competitor.name)).filter((name) => name.toLowerCase() !== brand.toLowerCase());
  const location = locationPhrase(profile.country, language);
  const perCategory = Math.max(0, Math.floor(options.perCategory));
  const passes = Math.max(1, keywords.length, competitors.length);

  const seen = new Set<string>();
  const questions: SystemQuestion[] = [];
  QUESTION_CATEGORIES.forEach((category, categoryIndex) => {
    if (!options.categories.includes(category)) return;
    const templates = TEMPLATES[language][category].filter(
      (template) =>
        (!template.includes("keyword}") || keywords.length > 0) && (!template.includes("competitor}") || competitors.length > 0) && (!template.includes("brand}") || brand !== ""),
    );
    let count = 0;
    for (let pass = 0; pass < passes && count < perCategory; pass++) {
      // Each category starts on a different keyword, so a short list of questions still spreads over them.
      let keywordTurn = categoryIndex + pass;
      let competitorTurn = pass;
      for (const template of templates) {
        if (count >= perCategory) break;
        const keyword = template.includes("keyword}") ? keywords[keywordTurn++ % keywords.length] : null;
        const competitor = template.includes("competitor}") ? competitors[competitorTurn++ % competitors.length] : null;
        const text = fill(template, { keyword, brand, competitor, location });
        const key = text.toLowerCase();
        if (text.length > MAX_QUESTION_LENGTH || seen.has(key)) continue;
        seen.add(key);
        questions.push({ category, question_text: text, language });
        count++;
      }
    }
  });
  return questions;
}
