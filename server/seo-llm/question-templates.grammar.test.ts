import { describe, expect, it } from "vitest";
import { generateSystemQuestions, QUESTION_CATEGORIES, QUESTION_TEMPLATES, type QuestionProfile, type SystemQuestion } from "./question-templates";

/*
 * An evaluation set for the grammar of the generated questions: every template, filled with
 * keywords of every shape a market is named by, held to properties a reader would check. The
 * checkers know what the generator does not (whether a keyword is a countable singular, a plural
 * or a mass noun, whether a French word elides): the set says it for each keyword, so a template
 * that only reads well for one shape of keyword fails here.
 */

/** countable: "telehealth platform" (needs an article); plural: "running shoes"; mass: "accounting software". */
type Shape = "countable" | "plural" | "mass";
type EnglishCase = { keyword: string; shape: Shape };
type FrenchCase = { keyword: string; elides: boolean };

const ENGLISH: EnglishCase[] = [
  // countable singular, a consonant sound first
  { keyword: "telehealth platform", shape: "countable" },
  { keyword: "bookkeeping app", shape: "countable" },
  { keyword: "wedding photographer", shape: "countable" },
  { keyword: "online invoicing tool", shape: "countable" },
  { keyword: "universal remote", shape: "countable" },
  { keyword: "one-page website builder", shape: "countable" },
  { keyword: "hair salon booking system", shape: "countable" },
  // countable singular, a vowel sound first (spelled or spoken)
  { keyword: "e-commerce platform", shape: "countable" },
  { keyword: "umbrella stroller", shape: "countable" },
  { keyword: "hourly cleaning service", shape: "countable" },
  { keyword: "X-ray machine", shape: "countable" },
  // acronyms, read letter by letter
  { keyword: "CRM", shape: "countable" },
  { keyword: "SEO agency", shape: "countable" },
  { keyword: "HR consultant", shape: "countable" },
  { keyword: "MBA program", shape: "countable" },
  { keyword: "URL shortener", shape: "countable" },
  // plurals, regular and not
  { keyword: "project management tools", shape: "plural" },
  { keyword: "running shoes", shape: "plural" },
  { keyword: "electric bikes", shape: "plural" },
  { keyword: "noise-cancelling headphones", shape: "plural" },
  { keyword: "children's books", shape: "plural" },
  { keyword: "home insurance quotes", shape: "plural" },
  { keyword: "APIs", shape: "plural" },
  { keyword: "accounting services", shape: "plural" },
  // mass nouns and activities, including ones that look plural
  { keyword: "accounting software", shape: "mass" },
  { keyword: "CRM software", shape: "mass" },
  { keyword: "email marketing", shape: "mass" },
  { keyword: "web analytics", shape: "mass" },
  { keyword: "office furniture", shape: "mass" },
  { keyword: "UX design", shape: "mass" },
  { keyword: "IT support", shape: "mass" },
  { keyword: "SEO", shape: "mass" },
  { keyword: "cloud hosting", shape: "mass" },
  { keyword: "software for dentists", shape: "mass" },
  { keyword: "payroll outsourcing", shape: "mass" },
  // French market words in an English profile: foreign mass nouns, used as they are
  { keyword: "hébergement web", shape: "mass" },
  { keyword: "assurance habitation", shape: "mass" },
];

const FRENCH: FrenchCase[] = [
  { keyword: "logiciel de facturation", elides: false },
  { keyword: "agence SEO", elides: true },
  { keyword: "chaussures de course", elides: false },
  { keyword: "hébergement web", elides: true },
  { keyword: "assurance habitation", elides: true },
  { keyword: "outil de gestion de projet", elides: true },
  { keyword: "énergie solaire", elides: true },
  { keyword: "IA générative", elides: true },
  { keyword: "ERP", elides: true },
  { keyword: "CRM", elides: false },
  { keyword: "SEO", elides: false },
  // a mute h elides, an aspirated one does not
  { keyword: "hôtel de charme", elides: true },
  { keyword: "huile d'olive", elides: true },
  { keyword: "hygiène dentaire", elides: true },
  { keyword: "horlogerie de luxe", elides: true },
  { keyword: "housse de canapé", elides: false },
  { keyword: "hamac", elides: false },
  { keyword: "hardware", elides: false },
  { keyword: "haut-parleur Bluetooth", elides: false },
  { keyword: "hockey sur glace", elides: false },
  // a y before a vowel is a consonant
  { keyword: "yoga", elides: false },
  { keyword: "yaourt bio", elides: false },
  { keyword: "vélos électriques", elides: false },
];

// ---- the checkers: each returns what is wrong with one question, or nothing --------------------

const LETTERS_WITH_A_VOWEL_NAME = /^[AEFHILMNORSX]/;

/** "a" or "an" before `word`, by its first sound. */
function articleFor(word: string): "a" | "an" {
  // An acronym or a single letter is read letter by letter: "an SEO agency", "a CRM", "an X-ray".
  if (/^[A-Z]{2,}(?![a-z])|^[A-Z](?:-|$)/.test(word)) return LETTERS_WITH_A_VOWEL_NAME.test(word) ? "an" : "a";
  const lower = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(lower)) return "an";
  if (/^(?:uni(?!mpo|nst)|use|usu|uti|ura|eu|ewe|one(?:\b|-)|once|ubiq)/.test(lower)) return "a";
  return /^[aeiou]/.test(lower) ? "an" : "a";
}

const ADJECTIVES = new Set(["best", "better", "right", "new", "other", "same", "main", "typical", "ideal", "good", "cheapest", "leading", "top"]);
const DETERMINERS = new Set(["a", "an", "the", "my", "our", "your", "their", "its", "his", "her", "which", "what", "this", "that", "each", "every", "another", "any"]);
const SINGULAR_ONLY = new Set(["a", "an", "another", "each", "every"]);
/** Nouns after which "of" takes a bare noun of any number: "what kind of CRM", "types of running shoes". */
const CLASSIFIERS = /\b(?:kinds?|types?|sorts?|choices?|brands?|makes?|models?|styles?) of$/i;

/** A noun the keyword may stand before as a modifier ("CRM providers"). */
const MODIFIED_NOUN = /^\s+(?:providers?|options?|vendors?|brands?|companies|company|solutions?|services?|market|tools?|platforms?)\b/;

type NounPhrase = { determiner: string | null; classifier: boolean; before: string };

/** What stands before an occurrence of the keyword: its determiner (after any adjectives), a classifier's "of", and the word before the whole. */
function nounPhraseBefore(text: string, index: number): NounPhrase {
  const head = text.slice(0, index).trimEnd();
  if (CLASSIFIERS.test(head)) return { determiner: null, classifier: true, before: "of" };
  const words = head.split(/\s+/).filter(Boolean);
  while (words.length && ADJECTIVES.has(words[words.length - 1]!.toLowerCase())) {
    const adjective = words.pop()!.toLowerCase();
    // "other" and "another" are determiners too ("What other CRM…").
    if (adjective === "other" && !DETERMINERS.has(words[words.length - 1]?.toLowerCase() ?? "")) return { determiner: "other", classifier: false, before: words[words.length - 1]?.toLowerCase() ?? "" };
  }
  const last = words[words.length - 1]?.toLowerCase() ?? "";
  if (DETERMINERS.has(last)) return { determiner: last, classifier: false, before: words[words.length - 2]?.toLowerCase() ?? "" };
  return { determiner: null, classifier: false, before: last };
}

function occurrences(text: string, part: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) found.push(at);
  return found;
}

/** What every question must be, in either language. */
function formProblems(text: string, language: "en" | "fr"): string[] {
  const problems: string[] = [];
  if (/[{}]/.test(text)) problems.push("a placeholder is left");
  if (text !== text.trim()) problems.push("leading or trailing space");
  if (/\s{2}/.test(text)) problems.push("double space");
  if (!/^\p{Lu}/u.test(text)) problems.push("does not start with a capital letter");
  if (language === "en" && !/[^\s?]\?$/.test(text)) problems.push('does not end with "?" right after the last word');
  if (language === "fr" && !/[^\s?] \?$/.test(text)) problems.push('does not end with " ?" (French spacing)');
  if (/\?.*\?/.test(text)) problems.push("more than one question mark");
  if (/\s[,.:;]/.test(text) && language === "en") problems.push("space before punctuation");
  if (/\b(\p{L}+) \1\b/iu.test(text)) problems.push("a word is repeated");
  if (text.length > 500) problems.push("longer than 500 characters");
  return problems;
}

/** Articles in English: "a"/"an" by sound, everywhere in the question. */
function articleProblems(text: string): string[] {
  return [...text.matchAll(/\b(an?)\s+([^\s?,:;]+)/gi)]
    .filter(([, article, word]) => article!.toLowerCase() !== articleFor(word!))
    .map(([match, , word]) => `"${match}" should be "${articleFor(word!)} ${word}"`);
}

/** The keyword as an English noun phrase: determiner and verb agreement for its shape. */
function englishKeywordProblems(text: string, { keyword, shape }: EnglishCase): string[] {
  const problems: string[] = [];
  for (const index of occurrences(text, keyword)) {
    const np = nounPhraseBefore(text, index);
    const after = text.slice(index + keyword.length);
    const modifier = MODIFIED_NOUN.test(after);
    // "running shoes providers": a plural keyword does not modify another noun; a singular one may ("CRM providers").
    if (modifier) {
      if (shape === "plural") problems.push(`the plural "${keyword}" used as a modifier`);
      continue;
    }
    if (shape === "countable" && !np.determiner && !np.classifier) {
      problems.push(`a singular countable "${keyword}" without a determiner (after "${np.before}")`);
    }
    if (shape !== "countable" && np.determiner && SINGULAR_ONLY.has(np.determiner)) {
      problems.push(`"${np.determiner}" before the ${shape} "${keyword}"`);
    }
    const verbBefore = np.classifier ? "" : np.before;
    if (shape === "plural" && /^(?:is|was|does|has|isn't|doesn't)$/.test(verbBefore)) problems.push(`"${verbBefore}" with the plural "${keyword}"`);
    if (shape !== "plural" && /^(?:are|were|do|have|aren't|don't)$/.test(verbBefore)) problems.push(`"${verbBefore}" with the singular "${keyword}"`);
    if (shape === "plural" && /^\s+(?:is|was|does|has|works|costs|solves|helps|makes|saves|offers)\b/.test(after)) problems.push(`a singular verb after the plural "${keyword}"`);
    // Only the copula: "How does accounting software work?" has its verb after the subject too.
    if (shape !== "plural" && /^\s+(?:are|were)\b/.test(after)) problems.push(`a plural verb after the singular "${keyword}"`);
  }
  return problems;
}

const FRENCH_VOWEL = /^[aeiouàâäéèêëîïôöùûüœæ]/i;
/** Words a vowel starts that keep "de" (le onze, le oui, le ouistiti). */
const NO_ELISION = /^(?:onze|onzième|oui|ouistiti)\b/i;

/** Whether "de"/"que" elide before `word`, for words the set does not describe: vowels do, y+vowel and h do not here. */
function frenchElides(word: string): boolean {
  if (NO_ELISION.test(word)) return false;
  if (/^y[^aeiouyàâäéèêëîïôöùûü]/i.test(word)) return true;
  return FRENCH_VOWEL.test(word);
}

/** Elision in French, everywhere in the question: "d'hébergement", "qu'Acme", never "de assurance" or "d'hamac". */
function elisionProblems(text: string, known: Map<string, boolean>): string[] {
  const problems: string[] = [];
  const elides = (rest: string) => {
    for (const [phrase, value] of known) if (rest.startsWith(phrase)) return value;
    const word = rest.match(/^[^\s?,:;]+/)?.[0] ?? "";
    return /^h/i.test(word) ? null : frenchElides(word);
  };
  for (const match of text.matchAll(/(?<![\p{L}'’-])(de|que|le|la|je|ne|se|ce) (?=(\S+))/giu)) {
    const rest = text.slice(match.index + match[0].length);
    if (elides(rest) === true) problems.push(`"${match[1]} ${match[2]}" should elide`);
  }
  for (const match of text.matchAll(/(?<![\p{L}'’-])(d|qu|l)'(?=(\S+))/giu)) {
    const rest = text.slice(match.index + match[0].length);
    if (elides(rest) === false) problems.push(`"${match[1]}'${match[2]}" should not elide`);
  }
  if (/\b(?:de|à) les?\b/i.test(text)) problems.push('"de le", "de les", "à le" or "à les" instead of du, des, au, aux');
  return problems;
}

/** The keyword in French: hung on "de" (or d'), so no article has to agree with its gender or number. */
function frenchKeywordProblems(text: string, keyword: string): string[] {
  return occurrences(text, keyword)
    .filter((index) => !/(?:\bde |\bd')$/.test(text.slice(0, index)))
    .map((index) => `"${keyword}" after "${text.slice(Math.max(0, index - 12), index)}", not after de/d'`);
}

// ---- running every template --------------------------------------------------------------------

const BRAND = "Acme";
const COMPETITOR = "Orbit";

const profileFor = (keyword: string, market_language: "en" | "fr", country: string | null = null): QuestionProfile => ({
  brand_name: BRAND,
  website_url: null,
  market_language,
  country,
  keywords: [keyword],
  competitors: [{ name: COMPETITOR }],
});

const templateCount = (language: "en" | "fr") => QUESTION_CATEGORIES.reduce((sum, category) => sum + QUESTION_TEMPLATES[language][category].length, 0);
const countWith = (language: "en" | "fr", placeholder: string) =>
  QUESTION_CATEGORIES.reduce((sum, category) => sum + QUESTION_TEMPLATES[language][category].filter((template) => template.includes(placeholder)).length, 0);

/** One question per template, with this keyword (one keyword and one competitor: a single pass). */
function everyTemplate(keyword: string, language: "en" | "fr", country: string | null = null): SystemQuestion[] {
  const questions = generateSystemQuestions(profileFor(keyword, language, country), { perCategory: 100, categories: QUESTION_CATEGORIES });
  expect(questions, `${language} "${keyword}": one question per template`).toHaveLength(templateCount(language));
  return questions;
}

function englishProblems(question: SystemQuestion, english: EnglishCase): string[] {
  return [...formProblems(question.question_text, "en"), ...articleProblems(question.question_text), ...englishKeywordProblems(question.question_text, english)];
}

function frenchProblems(question: SystemQuestion, french: FrenchCase): string[] {
  const known = new Map([[french.keyword, french.elides]]);
  return [...formProblems(question.question_text, "fr"), ...elisionProblems(question.question_text, known), ...frenchKeywordProblems(question.question_text, french.keyword)];
}

/** Every problem of every question, as "question: problem" lines, so a failure names them all. */
function report<T>(cases: T[], language: "en" | "fr", keywordOf: (c: T) => string, problemsOf: (q: SystemQuestion, c: T) => string[], country: string | null = null) {
  return cases.flatMap((c) => everyTemplate(keywordOf(c), language, country).flatMap((question) => problemsOf(question, c).map((problem) => `${question.question_text}: ${problem}`)));
}

/** Each keyword as typed in every template that has it, and the brand and competitor in theirs ("{de_brand}" included). */
function expectVerbatim(cases: Array<{ keyword: string }>, language: "en" | "fr") {
  for (const { keyword } of cases) {
    const texts = everyTemplate(keyword, language).map((question) => question.question_text);
    for (const [value, placeholder] of [[keyword, "keyword}"], [BRAND, "brand}"], [COMPETITOR, "competitor}"]] as const) {
      expect(texts.filter((text) => text.includes(value)), `${language} ${value}`).toHaveLength(countWith(language, placeholder));
    }
  }
}

describe("the checkers themselves", () => {
  const check = (text: string, english: EnglishCase) => englishProblems({ category: "selection", question_text: text, language: "en" }, english);
  const checkFrench = (text: string, french: FrenchCase) => frenchProblems({ category: "selection", question_text: text, language: "fr" }, french);

  it("catch the questions of issue 12 and their kin", () => {
    for (const [text, english] of [
      ["How does telehealth platform work?", { keyword: "telehealth platform", shape: "countable" }],
      ["How much does bookkeeping app typically cost?", { keyword: "bookkeeping app", shape: "countable" }],
      ["Acme vs Orbit: which is better for bookkeeping app?", { keyword: "bookkeeping app", shape: "countable" }],
      ["What is the best running shoes?", { keyword: "running shoes", shape: "plural" }],
      ["Which project management tools providers are most recommended?", { keyword: "project management tools", shape: "plural" }],
      ["How do running shoes works?", { keyword: "running shoes", shape: "plural" }],
      ["Is a accounting software worth it?", { keyword: "accounting software", shape: "mass" }],
      ["Why hire a SEO agency?", { keyword: "SEO agency", shape: "countable" }],
      ["Why buy an CRM?", { keyword: "CRM", shape: "countable" }],
      ["Is an universal remote worth it?", { keyword: "universal remote", shape: "countable" }],
      ["Who sells  running shoes?", { keyword: "running shoes", shape: "plural" }],
      ["who sells running shoes?", { keyword: "running shoes", shape: "plural" }],
      ["Who sells running shoes ?", { keyword: "running shoes", shape: "plural" }],
      ["Who sells running shoes", { keyword: "running shoes", shape: "plural" }],
    ] as const) {
      expect(check(text, english), text).not.toEqual([]);
    }
  });

  it("pass well-formed English of every shape", () => {
    for (const [text, english] of [
      ["How does a telehealth platform work?", { keyword: "telehealth platform", shape: "countable" }],
      ["What kind of bookkeeping app suits a freelancer?", { keyword: "bookkeeping app", shape: "countable" }],
      ["Why hire an SEO agency?", { keyword: "SEO agency", shape: "countable" }],
      ["Is an hourly cleaning service worth it?", { keyword: "hourly cleaning service", shape: "countable" }],
      ["What are the best running shoes?", { keyword: "running shoes", shape: "plural" }],
      ["How does accounting software work?", { keyword: "accounting software", shape: "mass" }],
      ["Which CRM do experts recommend?", { keyword: "CRM", shape: "countable" }],
    ] as const) {
      expect(check(text, english), text).toEqual([]);
    }
  });

  it("catch French that does not elide, elides wrongly or puts an article on the keyword", () => {
    for (const [text, french] of [
      ["Quels sont les avantages de assurance habitation ?", { keyword: "assurance habitation", elides: true }],
      ["Quels sont les avantages de hébergement web ?", { keyword: "hébergement web", elides: true }],
      ["Quels sont les avantages d'hamac ?", { keyword: "hamac", elides: false }],
      ["Quels sont les avantages d'yoga ?", { keyword: "yoga", elides: false }],
      ["Quels sont les avantages du logiciel de facturation ?", { keyword: "logiciel de facturation", elides: false }],
      ["Comment choisir une logiciel de facturation ?", { keyword: "logiciel de facturation", elides: false }],
      ["Que disent les clients de Acme ?", { keyword: "logiciel de facturation", elides: false }],
      ["Quel type de logiciel de facturation choisir?", { keyword: "logiciel de facturation", elides: false }],
      ["Quel prix pour de les chaussures de course ?", { keyword: "chaussures de course", elides: false }],
    ] as const) {
      expect(checkFrench(text, french), text).not.toEqual([]);
    }
    expect(checkFrench("Quel type d'hébergement web choisir pour une PME ?", { keyword: "hébergement web", elides: true })).toEqual([]);
    expect(checkFrench("Quel type de housse de canapé choisir ?", { keyword: "housse de canapé", elides: false })).toEqual([]);
  });
});

describe("every English template", () => {
  it("reads well with countable, plural and mass keywords, acronyms and vowel sounds", () => {
    expect(report(ENGLISH, "en", (c) => c.keyword, englishProblems)).toEqual([]);
  });

  it("reads well with a country", () => {
    expect(report(ENGLISH, "en", (c) => c.keyword, englishProblems, "US")).toEqual([]);
  });

  it("uses the keyword verbatim, and names the brand and the competitor where the template does", () => {
    expectVerbatim(ENGLISH, "en");
  });

  it("with French keywords, keeps its form and its articles", () => {
    const problems = (question: SystemQuestion) => [...formProblems(question.question_text, "en"), ...articleProblems(question.question_text)];
    expect(report(FRENCH, "en", (c) => c.keyword, problems)).toEqual([]);
  });
});

describe("every French template", () => {
  it("hangs the keyword on de/d', elides where French does, and keeps French punctuation", () => {
    expect(report(FRENCH, "fr", (c) => c.keyword, frenchProblems)).toEqual([]);
  });

  it("reads well with a country", () => {
    expect(report(FRENCH, "fr", (c) => c.keyword, frenchProblems, "FR")).toEqual([]);
    expect(report(FRENCH, "fr", (c) => c.keyword, frenchProblems, "US")).toEqual([]);
  });

  it("uses the keyword verbatim, and names the brand and the competitor where the template does", () => {
    expectVerbatim(FRENCH, "fr");
  });

  it("with English keywords, keeps its form and elides before a vowel", () => {
    const cases = ENGLISH.filter(({ keyword }) => !/^[hHyY]/.test(keyword)).map(({ keyword }) => ({ keyword, elides: frenchElides(keyword) }));
    expect(report(cases, "fr", (c) => c.keyword, frenchProblems)).toEqual([]);
  });

  it("elides before names that start with a vowel, not before a consonant", () => {
    const texts = generateSystemQuestions({ ...profileFor("logiciel de facturation", "fr"), brand_name: "Orbit", competitors: [{ name: "Acme" }, { name: "Globex" }] }, { perCategory: 100, categories: QUESTION_CATEGORIES }).map(
      (question) => question.question_text,
    );
    expect(texts).toContain("Est-ce qu'Orbit vaut son prix ?");
    expect(texts).toContain("Que disent les clients d'Orbit ?");
    expect(texts.some((text) => text.includes("qu'Acme"))).toBe(true);
    const globex = texts.filter((text) => /Globex/.test(text));
    expect(globex.length).toBeGreaterThan(0);
    for (const text of texts) expect(elisionProblems(text, new Map()), text).toEqual([]);
  });
});
