/**
 * The questions Sightline asks on the user's behalf until they write their own: what a buyer would
 * type into an assistant, so the answers show whether the brand comes up unprompted. Most of them
 * therefore name the market (a keyword), not the brand; only comparison and quality questions name
 * it, as buyers do once they have a name in mind.
 */

import { QUESTION_CATEGORIES, type QuestionCategory } from "#domain/seo-profile";

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
 * Globex" / "d'Acme") for the elision a keyword or name may need. French templates hang the keyword
 * on "en matière de", "offre de", "fournisseur de" so that no article or adjective has to agree
 * with an arbitrary keyword's gender. Within a category, the most typical questions come first:
 * a small plan only gets the first few.
 */
const TEMPLATES: Record<Language, Record<QuestionCategory, readonly string[]>> = {
  en: {
    selection: [
      "What is the best {keyword}{in_country}?",
      "Which {keyword} should I choose for a small business?",
      "What {keyword} would you recommend{in_country}?",
      "Who are the leading {keyword} providers{in_country}?",
      "What are the top-rated {keyword} options right now?",
      "Which {keyword} is best for a growing team?",
      "What is the most affordable {keyword} that is still good quality?",
      "Which {keyword} do experts recommend for beginners?",
    ],
    understanding: [
      "How does {keyword} work?",
      "What should I know before buying {keyword}?",
      "How much does {keyword} typically cost{in_country}?",
      "What features matter most when comparing {keyword} options?",
      "What are common mistakes to avoid when choosing {keyword}?",
      "How do I evaluate {keyword} providers?",
      "What is the difference between the main {keyword} options?",
      "How long does it take to get started with {keyword}?",
    ],
    benefits: [
      "What are the benefits of {keyword}?",
      "Is {keyword} worth it for a small business?",
      "What results can I expect from {keyword}?",
      "Why do companies invest in {keyword}?",
      "What problems does {keyword} solve?",
      "How can {keyword} save a business time and money?",
      "What are the advantages of {brand} for {keyword}?",
      "Why do customers choose {brand}?",
    ],
    comparison: [
      "{brand} vs {competitor}: which is better for {keyword}?",
      "What are the best alternatives to {competitor}{in_country}?",
      "What is the difference between {brand} and {competitor}?",
      "Is there a better option than {competitor} for {keyword}?",
      "Who are the main competitors of {brand}?",
      "Which is cheaper, {brand} or {competitor}?",
      "How does {brand} compare to other {keyword} providers?",
      "Which {keyword} providers are similar to {competitor}?",
      "How do the main {keyword} providers compare{in_country}?",
    ],
    quality: [
      "Is {brand} reliable?",
      "What do customers say about {brand}?",
      "What are the downsides of {brand}?",
      "Is {brand} worth the price?",
      "How good is customer support at {brand}?",
      "Does {brand} have a good reputation{in_country}?",
      "Are there any complaints about {brand}?",
      "Is {brand} a trustworthy choice for {keyword}?",
    ],
  },
  fr: {
    selection: [
      "Quelles solutions recommandez-vous en matière {de_keyword}{in_country} ?",
      "Quelle offre {de_keyword} choisir pour une petite entreprise ?",
      "Comment choisir un fournisseur {de_keyword}{in_country} ?",
      "Quels sont les acteurs les plus fiables en matière {de_keyword}{in_country} ?",
      "Quelles marques {de_keyword} sont les plus recommandées en ce moment ?",
      "Quelle est la meilleure option en matière {de_keyword} pour une PME ?",
      "Quelles offres {de_keyword} ont le meilleur rapport qualité-prix{in_country} ?",
      "Par quelle solution {de_keyword} commencer quand on débute ?",
    ],
    understanding: [
      "Comment fonctionne une offre {de_keyword} ?",
      "Que faut-il savoir avant de choisir une offre {de_keyword} ?",
      "Combien coûte en moyenne une offre {de_keyword}{in_country} ?",
      "Quels critères regarder pour comparer les offres {de_keyword} ?",
      "Quelles sont les erreurs à éviter en matière {de_keyword} ?",
      "Quelles questions poser à un fournisseur {de_keyword} avant de signer ?",
      "Quelles différences entre les principales offres {de_keyword} du marché ?",
      "Comment se passe la mise en place d'une offre {de_keyword} ?",
    ],
    benefits: [
      "Quels sont les avantages d'une offre {de_keyword} ?",
      "Est-ce que ça vaut le coup d'investir en matière {de_keyword} pour une petite entreprise ?",
      "Quels gains concrets peut-on attendre d'une offre {de_keyword} ?",
      "Quel retour sur investissement espérer d'une offre {de_keyword} ?",
      "Quels problèmes une offre {de_keyword} permet-elle de résoudre ?",
      "Pourquoi les entreprises investissent-elles en matière {de_keyword} ?",
      "Quels sont les avantages {de_brand} en matière {de_keyword} ?",
      "Pourquoi les clients choisissent-ils {brand} ?",
    ],
    comparison: [
      "{brand} ou {competitor} : que choisir en matière {de_keyword} ?",
      "Quelles sont les meilleures alternatives à {competitor}{in_country} ?",
      "Quelle est la différence entre {brand} et {competitor} ?",
      "Existe-t-il une meilleure option {que_competitor} en matière {de_keyword} ?",
      "Quels sont les principaux concurrents {de_brand} ?",
      "Entre {brand} et {competitor}, quelle offre est la moins chère ?",
      "Que vaut {brand} face aux autres offres {de_keyword} ?",
      "Quelles offres {de_keyword} ressemblent à {competitor} ?",
      "Comment se comparent les principales offres {de_keyword}{in_country} ?",
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

const PLACEHOLDER = /\{(?:(de|que)_)?(keyword|brand|competitor|in_country)\}/g;

/** Elision before a vowel; for a common noun also before a silent h ("d'hébergement"), not for a name. */
function elide(word: "de" | "que", value: string, isName: boolean): string {
  const vowel = isName ? /^[aeiouyàâäéèêëîïôöùûüœæ]/i : /^(?:[aeiouyàâäéèêëîïôöùûüœæ]|h[éèêô])/i;
  return vowel.test(value) ? `${word.slice(0, -1)}'${value}` : `${word} ${value}`;
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
    const names = new Intl.DisplayNames([language], { type: "region", fallback: "none", style: SHORT_NAMED.has(code) ? "short" : "long" });
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
