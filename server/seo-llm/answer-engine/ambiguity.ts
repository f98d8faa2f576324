import commonWords from "./common-words.json";
import rareWords from "./rare-words.json";
import { lineAround, type Normalised, normalise, originalSlice, tokenise } from "./text";

/**
 * Brand names that are also ordinary words ("Slack", "Orange", "But"), days and months ("Sunday",
 * "Avril") or places ("Amazon") count as a mention only with evidence that the answer means the
 * brand. Each match of such a name gets a score from the clues around it; it counts from
 * ACCEPT_SCORE up. docs/metrics.md lists the clues.
 */

const COMMON = new Set<string>(commonWords as string[]);
const RARE = new Set<string>(rareWords as string[]);

const CALENDAR = new Set(
  `monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
  september october november december lundi mardi mercredi jeudi vendredi samedi dimanche janvier fevrier mars
  avril mai juin juillet aout septembre octobre novembre decembre`.split(/\s+/),
);

/** Names whose ordinary sense is written with a capital too: planets, rivers, gods, places. */
const PROPER = new Set(
  `amazon amazone mercury mars venus jupiter saturn saturne neptune pluto pluton apollo apollon atlas orion phoenix
  nike pandora nile nil sahara everest titan pegasus olympus athena hermes zeus thor odin gaia seine loire rhone
  alps alpes sierra nevada sequoia yosemite sahara congo niagara`.split(/\s+/),
);

const ARTICLES = new Set(["the", "le", "la", "les", "l'", "un", "une", "a", "an"]);

/** "rare": a rarer word ("mecca"), read as the word only when written in lower case. */
export type AmbiguityKind = "word" | "calendar" | "proper" | "user" | "rare";

/**
 * Why a name or alias needs evidence, or null when it does not. Names with a digit or a dot
 * ("monday.com", "1Password") never do; several words do when each is an ordinary word ("Le
 * Chat", "Bonne Maman").
 */
export function ambiguityOf(form: string, userMarked: ReadonlySet<string>): AmbiguityKind | null {
  const key = normalise(form).trim().replace(/\s+/g, " ");
  if (userMarked.has(key)) return "user";
  if (!/^[\p{L}' -]+$/u.test(key)) return null;
  const words = key.split(/[ ]|(?<=')/).filter(Boolean);
  if (words.length === 1) {
    if (CALENDAR.has(key)) return "calendar";
    if (PROPER.has(key)) return "proper";
    if (COMMON.has(key) || key.length <= 2) return "word";
    return RARE.has(key) ? "rare" : null;
  }
  return words.every((word) => ARTICLES.has(word) || COMMON.has(word.replace(/'$/, ""))) ? "word" : null;
}

export const ACCEPT_SCORE = 2;
/** At or beyond these, the rules are sure enough that a second opinion is not asked. */
export const SURE_ACCEPT = 3;
export const SURE_REJECT = -2;

// Clue vocabularies, accent-free and lower-case like the text they are matched on.
const PRODUCT_NOUNS =
  "app|apps|application|applications|software|platform|platforms|plan|plans|pricing|price|prices|subscription|subscriptions|account|accounts|api|integration|integrations|workspace|workspaces|dashboard|customers|users|user|clients|store|stores|stations|station|card|cards|offer|offers|offering|business|enterprise|pro|premium|plus|one|support|team|teams|features|feature|tier|tiers|interface|ui|website|site|mobile|box|fibre|fiber|network|reviews|review|rating|ratings|brand|products|product|range|lineup|line-up|services|service|bank|banking|insurance|devices|device|phones|phone|watch|laptop|subscribers|market share|ceo|founder|founders|headquarters|shares|stock|inc|ltd|llc|sa|sas|group|groupe|boutique|boutiques|magasin|magasins|enseigne|offre|offres|forfait|forfaits|abonnement|abonnements|tarif|tarifs|prix|compte|comptes|appli|logiciel|plateforme|fonctionnalites|fonctionnalite|service client|conseillers|agences|agence|catalogue|livraison|gamme|produits|produit|clients|utilisateurs|abonnes|application mobile|site web";
const COMPANY_VERBS =
  "makes|produces|manufactures|builds|owns|designs|develops|fabrique|produit|detient|possede|concoit|developpe|offers|offer|provides|provide|lets|allows|integrates|integrate|charges|costs|supports|includes|launched|launches|announced|announces|acquired|acquires|raised|released|releases|claims|promises|sells|ships|delivers|operates|runs|serves|focuses|specializes|specialises|targets|stands out|excels|dominates|leads|remains|has become|is known|is best|is ideal|is great|is a solid|is the|was founded|positions|markets|bundles|partners|competes|propose|proposent|offre|permet|integre|facture|coute|inclut|lance|a lance|annonce|revendique|mise|vend|livre|se distingue|domine|reste|cible|s'adresse|se positionne|a ete fonde|a ete fondee|est connu|est connue|est ideal|est ideale|fournit|couvre|accompagne";
const CATEGORY_NOUNS =
  "platform|tool|app|application|software|service|provider|company|brand|retailer|operator|carrier|network|bank|neobank|startup|start-up|marketplace|store|chain|browser|client|suite|solution|crm|insurer|firm|vendor|manufacturer|maker|label|supermarket|airline|option|choice|alternative|pick|suggestion|recommendation|bet|sell|leader|player|contender|favourite|favorite|giant|competitor|rival|newcomer|challenger|broker|courtier|operateur|outil|logiciel|plateforme|fournisseur|entreprise|societe|marque|enseigne|banque|neobanque|assureur|distributeur|chaine|magasin|acteur|reference|leader|concurrent|alternative|option|choix|specialiste|geant|pionnier|editeur|fabricant|site|assistant|chatbot|modele";
const CONTEXT_WORDS = new Set(
  `app apps software platform pricing price prices plan plans subscription subscriptions features feature integration integrations users customers
  tool tools saas crm api free trial tier per month monthly annual review reviews rating ratings download install account dashboard
  company brand retailer operator carrier bank fintech startup market competitor competitors alternative alternatives vendor provider
  service services support store stores shop online delivery checkout payment payments invoice invoicing mobile fibre fiber broadband
  network coverage stations fuel charging ride rides scooter scooters device devices phone phones laptop laptops headphones smartwatch
  fashion clothing collection cosmetics skincare apparel sneakers shoes products product range brands chain supermarket pharmacy
  meetings meeting webinar webinars video calls messaging chat channels workspace notes docs projects tasks workflow collaboration
  logiciel plateforme tarif tarifs prix forfait forfaits abonnement abonnements fonctionnalites utilisateurs clients outil outils
  application appli entreprise marque enseigne operateur banque neobanque concurrent concurrents alternative alternatives offre offres
  fournisseur magasin magasins boutique livraison paiement compte mobile box fibre reseau couverture client avis note essai gratuit
  mois gamme produits produit collection vetements cosmetiques assistant chatbot modele ia ai model models llm`.split(/\s+/),
);
/** Words of the ordinary senses: food, nature, sky, weather, the body. */
const ORDINARY_SENSE = new Set(
  `juice fruit fruits tree trees orchard pie recipe recipes peel zest cocktail lemon vitamin vitamins river rivers rainforest jungle forest
  forests basin deforestation tribes tribe wildlife planet planets orbit rover nasa martian solar telescope beach sea ocean egg eggs
  snail turtle oyster seashell sky weather wind winds storm breeze rain sunny cloud clouds colour color colours colors paint yellow red
  blue green purple flower flowers garden bird birds cat cats dog dogs kitten animal animals pet pets horse tail feathers nest
  jus recette recettes arbre arbres verger zeste citron vitamine fleuve riviere foret forets planete orbite plage mer ocean oeuf
  escargot ciel meteo vent vents tempete pluie nuage couleur couleurs peinture jaune rouge bleu vert violet fleur fleurs jardin
  oiseau oiseaux chien chiens chaton animal animaux cheval souffle dort dormir miaule ronronne
  calendar weekend holiday holidays morning afternoon evening night birthday`.split(/\s+/),
);
const CALENDAR_BEFORE = new Set(
  `on every each next last this until till by since from before after early late mid during through in of for
  pour le chaque depuis jusqu'au jusqu'a des debut fin mi ce au du avant apres dernier prochain tous en courant`.split(/\s+/),
);
const CALENDAR_AFTER = new Set(
  "morning afternoon evening night mornings nights evenings morning's matin soir soiree apres-midi prochain dernier matins soirs".split(" "),
);

const pattern = (words: string) => words.replace(/ /g, "\\s+");
const PRODUCT_AFTER = new RegExp(`^(?:'s)?\\s+(?:new\\s+)?(?:${pattern(PRODUCT_NOUNS)})\\b`);
const PRODUCT_BEFORE = new RegExp(`\\b(?:${pattern(PRODUCT_NOUNS)})\\s+(?:of|from|by|de|du|des|chez|d'|de\\s+l')\\s*$`);
const VERB_AFTER = new RegExp(`^(?:\\s*\\[\\d+\\])*\\s+(?:(?:also|now|still|even|already|only|aussi|egalement|desormais|toujours|deja)\\s+)?(?:${pattern(COMPANY_VERBS)})\\b`);
const IS_CATEGORY_AFTER = new RegExp(
  `^(?:\\s*\\[\\d+\\])*(?:\\s*,|\\s+(?:is|was|remains|est|reste|demeure|s'impose comme))\\s+(?:[\\p{L}'-]+\\s+){0,4}?(?:${pattern(CATEGORY_NOUNS)})\\b`,
  "u",
);
const TOOL_VERB_BEFORE =
  /\b(?:use|uses|used|using|try|tried|choose|chose|pick|picked|opt for|switch to|switched to|go with|went with|sign up for|sign up with|recommend|consider|utiliser|utilisent|utilise|essayer|essayez|choisir|choisissez|opter pour|optez pour|passer a|passez a|recommande|recommandons)\s+$/;
const ENUMERATION_BEFORE = /(?:,|;|\/|&|\+|\band\b|\bor\b|\bet\b|\bou\b|\bvs\.?|\bversus\b|\bface a\b|\bcontre\b|\bthan\b|\bque\b|\bqu')\s*$/;
const ENUMERATION_AFTER = /^\s*(?:,|;|\/|&|\+|and\b|or\b|et\b|ou\b|vs\.?|versus\b)/;

export type Evidence = { score: number; reasons: string[] };

export type EvidenceInput = {
  source: Normalised;
  start: number;
  end: number;
  /** The form the user gave (name or alias), in its own case. */
  form: string;
  kind: AmbiguityKind;
  language: "en" | "fr";
  /** Finds the entity's registrable domain, if it has one. */
  domain: RegExp | null;
  /** Spans of other brands found close to this match (tracked and listed), for "named among brands". */
  otherBrands: Array<{ start: number; end: number }>;
  /** Whether the answer names other brands at all. */
  otherBrandsInAnswer: boolean;
  /** Whether the same brand is named without doubt elsewhere in this answer. */
  namedElsewhere: boolean;
};

/** The sentence (within its line) around a position. */
function sentenceBounds(source: Normalised, start: number, end: number): [number, number] {
  const { text } = source;
  const [lineStart, lineEnd] = lineAround(source.lines, start);
  // At most a few hundred characters either way: a very long line is read in pieces, not whole, per match.
  const scanFrom = Math.max(lineStart, start - 300);
  let from = scanFrom;
  for (const bound of text.slice(scanFrom, start).matchAll(/(?<![.!?])[.!?]+(?=\s)/g)) from = scanFrom + bound.index + bound[0].length;
  const scanTo = Math.min(lineEnd, end + 300);
  const after = text.slice(end, scanTo).search(/(?<![.!?])[.!?]+(?=\s|$)/);
  return [from, after === -1 ? scanTo : end + after + 1];
}

/** The first letter of each word of the match, against the form's ("Slack" vs "slack"). */
function casing(matched: string, form: string): "brand" | "lower" | "other" {
  const initials = (value: string) => value.split(/[\s'’‘ʼ]+/).filter(Boolean).map((word) => word[0]);
  const got = initials(matched);
  const want = initials(form);
  if (!want.some((letter) => letter !== letter.toLowerCase())) return got.every((letter) => letter === letter.toLowerCase()) ? "brand" : "other";
  if (got.length === want.length && got.every((letter, index) => letter === want[index])) return "brand";
  if (got[0] === got[0].toLowerCase()) return "lower";
  return "other";
}

/** Nothing but markdown, quotes and list markers between the line's (or sentence's) start and here. */
function atSentenceStart(source: Normalised, at: number): boolean {
  const { original } = source;
  const [lineStart] = lineAround(source.originalLines, at);
  const before = original.slice(Math.max(lineStart, at - 200), at);
  const stripped = before.replace(/^\s*(?:#{1,6}\s+|>\s*|(?:[-*+]|\d{1,2}[.)])\s+)?/, "");
  return /^[\s*_"'“”«»([]*$/.test(stripped) || /(?:[.!?:|]|\]\(|\))[\s*_"'“”«»([]*$/.test(before);
}

/** A heading, or a line in Title Case, where capitals say nothing (long lines are prose). */
function titleLine(source: Normalised, at: number): boolean {
  const { original } = source;
  const [start, end] = lineAround(source.originalLines, at);
  if (end - start > 200) return /^\s*#{1,6}\s/.test(original.slice(start, start + 10));
  const line = original.slice(start, end);
  if (/^\s*#{1,6}\s/.test(line)) return true;
  const words = line.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  const long = words.filter((word) => word.length > 3);
  return long.length >= 3 && long.filter((word) => word[0] !== word[0].toLowerCase()).length / long.length >= 0.7;
}

export function evidenceFor(input: EvidenceInput): Evidence {
  const { source, start, end, kind } = input;
  const text = source.text;
  const original = source.original;
  const origStart = source.origin[start];
  const origEnd = source.origin[end];
  const matched = originalSlice(source, start, end);
  const reasons: string[] = [];
  let score = 0;
  const add = (points: number, reason: string) => {
    score += points;
    reasons.push(reason);
  };

  const before = text.slice(Math.max(0, start - 80), start);
  const after = text.slice(end, end + 80);
  const [sentenceStart, sentenceEnd] = sentenceBounds(source, start, end);
  const sentence = text.slice(sentenceStart, sentenceEnd);
  const [lineStart] = lineAround(source.lines, start);
  const origBefore = original.slice(Math.max(0, origStart - 3), origStart);
  const origAfter = original.slice(origEnd, origEnd + 3);

  // Strong: the assistant set the name apart as a name (a bold span it opens counts: "**Dove Deep Moisture**").
  const [origLineStart, origLineEnd] = lineAround(source.originalLines, origStart);
  // Bounded: a match far into a long line reads only its neighbourhood.
  const restOfLine = original.slice(origEnd, Math.min(origLineEnd, origEnd + 200));
  const lineBefore = original.slice(Math.max(origLineStart, origStart - 200), origStart);
  const openBold = (lineBefore.match(/\*\*/g)?.length ?? 0) % 2 === 1;
  const boldSpan = openBold ? `${lineBefore.slice(lineBefore.lastIndexOf("**") + 2)}${matched}${restOfLine.slice(0, Math.max(0, restOfLine.indexOf("**")))}` : "";
  if (openBold && restOfLine.includes("**") && boldSpan.trim().split(/\s+/).length <= 6) add(3, "bold");
  else if (/\[$/.test(origBefore) && /^\]\(/.test(origAfter)) add(3, "link text");
  else if (/(?:^|[^*])\*$/.test(origBefore) && /^\*(?!\*)/.test(origAfter)) add(3, "italic");
  if (origLineStart === origStart - lineBefore.length && lineBefore.length <= 20 && /^\s*(?:[-*+]|\d{1,2}[.)])\s+(?:\*\*|__)?$/.test(lineBefore) && /^\s*(?:\*\*|__)?\s*(?:[:(–—-]|$)/m.test(original.slice(origEnd, origEnd + 6))) {
    add(3, "list item");
  }
  const headBefore = lineBefore.trimStart();
  const headAfter = restOfLine.trim();
  if (
    headBefore.length <= 12 &&
    headAfter.length <= 8 &&
    origLineStart === origStart - lineBefore.length &&
    /^(?:#{1,6}\s*)?(?:\*\*|__)?(?:\d{1,2}[.)]\s*)?(?:\*\*|__)?\s*$/.test(headBefore) &&
    /^(?:\*\*|__)?\s?[:.]?\s?(?:\*\*|__)?$/.test(headAfter) &&
    /^\s*(?:#|\*\*|__)/.test(original.slice(origLineStart, origLineStart + 20))
  ) {
    add(3, "heading");
  }
  const cellStart = /\|\s*(?:\*\*)?\s*$/.test(original.slice(Math.max(0, origStart - 6), origStart));
  if (cellStart && /^\s*(?:\*\*)?\s*\|/.test(original.slice(origEnd, origEnd + 6))) add(3, "table cell");
  else if (cellStart && /^[^|]{0,40}\|/.test(restOfLine)) add(2, "a table cell's start");
  const markedUp = reasons.length > 0;
  // Its domain close by, in the same sentence: "Slack (slack.com)", "[Slack](https://slack.com)".
  const near = text.slice(Math.max(sentenceStart, start - 80), Math.min(sentenceEnd, end + 80));
  if (input.domain?.test(near)) add(3, "its domain");

  // Capitals, where the ordinary word would not have them.
  const informative = kind === "word" || kind === "user" || (kind === "calendar" && input.language === "fr");
  const cased = casing(matched, input.form);
  const heading = titleLine(source, origStart);
  const sentenceStartHere = atSentenceStart(source, origStart);
  if (kind === "rare") return cased === "lower" && /\p{Lu}/u.test(input.form) ? { score: -4, reasons: ["lower case"] } : { score: SURE_ACCEPT, reasons: ["a rare word"] };
  if (cased === "lower" && /\p{Lu}/u.test(input.form) && !markedUp) add(-4, "lower case");
  else if (cased === "brand" && informative && !heading) {
    const words = matched.split(/\s+/);
    // "United States": a capital before another capitalised word may be another name's.
    const beforeAnotherName = words.length === 1 && /^\s+\p{Lu}\p{Ll}+/u.test(original.slice(origEnd, origEnd + 20)) && !PRODUCT_AFTER.test(after);
    if (!sentenceStartHere && !beforeAnotherName) add(2, "capitalised mid-sentence");
    else if (words.length > 1 && words.slice(1).some((word) => /^\p{Lu}/u.test(word))) add(2, "capitalised words");
  }

  // What the sentence does with the name.
  if (PRODUCT_AFTER.test(after) || PRODUCT_BEFORE.test(before)) add(2, "product noun");
  else if (/^'s\s+\p{L}/u.test(after) && cased === "brand" && informative) add(2, "possessive");
  if (sentenceStartHere && cased === "brand" && /^(?:\s*\[\d+\])*\s+(?:is|are|was|has|remains|offers|est|reste|a|propose|offre)\s/.test(after)) add(1, "subject of a sentence");

  if (VERB_AFTER.test(after) || IS_CATEGORY_AFTER.test(after)) add(2, "what a company does");
  const besideBrand = input.otherBrands.some(
    (other) =>
      (other.end <= start && other.end >= start - 40 && ENUMERATION_BEFORE.test(text.slice(other.end, start)) && !/[.!?\n]/.test(text.slice(other.end, start))) ||
      (other.start >= end && other.start <= end + 40 && ENUMERATION_AFTER.test(text.slice(end, other.start)) && !/[.!?\n]/.test(text.slice(end, other.start))),
  );
  // Or beside another name the answer lists with it: "Shopify with Amazon and eBay".
  const nameLike = (word: string | undefined) => Boolean(word) && (/^\p{Lu}/u.test(word!) || /^\p{Ll}+\p{Lu}/u.test(word!)) && !COMMON.has(normalise(word!));
  const nextName = /^\s*(?:,|&|\/|\band\b|\bor\b|\bwith\b|\bet\b|\bou\b|\bavec\b|vs\.?)\s*([\p{L}\p{N}][\p{L}\p{N}&.'’-]*)/u.exec(original.slice(origEnd, origEnd + 40))?.[1];
  const lookBack = Math.max(0, origStart - 40);
  const previousName = /([\p{L}\p{N}][\p{L}\p{N}&.'’-]*)\s*(?:,|&|\/|\band\b|\bor\b|\bwith\b|\bet\b|\bou\b|\bavec\b|vs\.?)\s*$/u.exec(original.slice(lookBack, origStart));
  const previousIsName = previousName && nameLike(previousName[1]) && !atSentenceStart(source, lookBack + previousName.index);
  if (besideBrand) add(2, "among brands");
  else if (cased === "brand" && (nameLike(nextName) || previousIsName)) add(2, "among names");
  if (/^\s*\[\d+\]/.test(after)) add(1, "citation");
  // The sentence's own words, less the name's ("chat" in "Le Chat" is no clue either way).
  const words = tokenise(sentence)
    .filter((token) => token.end + sentenceStart <= start || token.start + sentenceStart >= end)
    .map((token) => token.word);
  if (words.some((word) => CONTEXT_WORDS.has(word))) add(1, "product context");
  if (input.namedElsewhere && cased !== "lower") add(2, "named elsewhere");
  else if (input.otherBrandsInAnswer && cased === "brand" && informative) add(1, "answer about brands");
  if (TOOL_VERB_BEFORE.test(before)) add(2, "used as a tool");

  // The ordinary senses.
  if (kind === "calendar") {
    const previous = tokenise(text.slice(Math.max(lineStart, start - 80), start)).slice(-2).map((token) => token.word);
    const next = tokenise(after).slice(0, 1).map((token) => token.word)[0];
    if (
      (previous.length && CALENDAR_BEFORE.has(previous[previous.length - 1])) ||
      (previous.length && /^\d/.test(previous[previous.length - 1])) ||
      (next && (/^\d/.test(next) || CALENDAR_AFTER.has(next))) ||
      /^\s*(?:,\s*)?\d/.test(after)
    ) {
      add(-4, "a date");
    }
  }
  if (words.some((word) => ORDINARY_SENSE.has(word))) add(-2, "ordinary sense");
  if ((kind === "proper" || kind === "calendar") && /\b(?:the|l'|le|la)\s*$/.test(before) && !PRODUCT_AFTER.test(after)) add(-1, "article");
  return { score, reasons };
}
