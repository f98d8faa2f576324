import {
  COMPARING_VERBS,
  CONTRAST_OPENERS,
  DIRECTED,
  EXCESS,
  INTENSIFIERS,
  isSectionLabel,
  sectionKind,
  LESS,
  LEXICON,
  MIDDLING,
  NEGATORS,
  PHRASES,
  SOFTENERS,
  SOLVERS,
  THAN,
  VERDICT_LABEL,
} from "./lexicon";
import { type Token, tokenise, units } from "./text";

const words = (list: string) => list.split(/\s+/).filter(Boolean);

/**
 * How an answer speaks of each brand it names, read clause by clause: each judgement ("reliable",
 * "trop cher", "lags behind") goes to the brand it is said of — the nearest brand before it in
 * its sentence, else the one after it, else the brand the paragraph or its heading is about.
 * Comparisons give the other side the opposite ("X is cheaper than Y": X +, Y −), and negation,
 * intensifiers, "too" and "less" change a judgement's sign or weight.
 */

export type Sentiment = "positive" | "neutral" | "negative";

/**
 * A brand's judgements as one of three classes. Criticism weighs more than praise (readers take a
 * warning as the verdict more readily than a compliment); a brand is positive from a net score of
 * 0.75. A brand judged mostly (at least half of its weight) in comparisons with another brand named
 * ("cheaper than X", "lags behind Y") is negative from -0.5: readers take a comparison as a verdict,
 * even in a describing word. Otherwise it is negative only from -1, so one mild caveat among praise
 * or description ("powerful but expensive") reads as balanced, as the answers labelled blind do; a
 * comparison in passing ("moins chère qu'Alan", "nettement moins cher que Proximus … mais la
 * couverture reste limitée") does not make the rest of what is said of it a verdict. Criticism
 * weighs 1.5 for a brand in any comparison, 1.75 for one in none. Chosen on the corpus
 * (eval/README.md, "Calibration", engine 9).
 */
const POSITIVE_FROM = 0.75;
const COMPARED = { criticismWeight: 1.5, negativeFrom: -0.5 };
const UNCOMPARED = { criticismWeight: 1.75, negativeFrom: -1 };
/** The weight of criticism in the rules that balance a sentence ("but", concessions, turns). */
const CRITICISM_WEIGHT = COMPARED.criticismWeight;

/**
 * A brand described by a list of strengths and one of weaknesses of comparable length (neither
 * more than twice the other, counted in points: list items, table cells and their parts between
 * commas and "and"), as list items or as the columns of a table, is as praised as criticised: the
 * lists cancel out and the rest of the answer (a verdict, the prose) decides. Points, not words:
 * one long strength against three short weaknesses ("Huge feature set at a low price" against
 * "Steep learning curve", "Performance slows…", "Frequent UI changes…") is no balance.
 */
const BALANCED_WITHIN = 2;

export function sentimentLabel({ praise, criticism, verdict, pros = 0, cons = 0, advised = 0, listedPraise = 0, listedCriticism = 0, middling = 0, compared = 0 }: Judgements): Sentiment {
  // Judged mostly in a comparison (at least half of what is said of it): the comparison's bound.
  const mostly = compared && compared * 2 >= praise + criticism;
  const { negativeFrom } = mostly ? COMPARED : UNCOMPARED;
  const { criticismWeight } = compared ? COMPARED : UNCOMPARED;
  // The answer recommending the brand itself ("I'd lean towards X", "go with X"), with no verdict
  // against it outweighing that, recommends it whatever it conceded on the way.
  if (advised > 0 && (verdict ?? 0) > 0) return "positive";
  // "EDF is also mid-table", "Helix … middle of the pack": the answer's own summary puts the brand
  // in the middle, whatever else it granted or criticised.
  if (middling > 0) return "neutral";
  // Lists of strengths and of weaknesses of comparable length cancel out: what the rest of the
  // answer says (its verdict, its prose) decides, and with nothing else said the brand is neutral.
  const balanced = pros && cons && Math.max(pros, cons) <= BALANCED_WITHIN * Math.min(pros, cons);
  const score = balanced ? praise - listedPraise - (criticism - listedCriticism) * criticismWeight : praise - criticism * criticismWeight;
  return score >= POSITIVE_FROM ? "positive" : score <= negativeFrom ? "negative" : "neutral";
}

/**
 * The judgements that decide rather than describe: advice ("go with", "avoid"), a summary label
 * ("Verdict: X"), a recommendation ("I'd suggest", "recommande"), a ranking ("the easiest", "the
 * most complete") and a judgement of the brand as a choice ("a solid choice", "not a good fit").
 */
const VERDICT_WORDS =
  /^(?:\(subject\) )?(?:\((?:verdict|advice|ranked|as a choice)\)|(?:recommend\w*|recommand\w*|conseill\w*|deconseill\w*|avoid|evit\w*|a eviter|fuyez|i'd \w+|would (?:suggest|recommend)|my pick|our pick|top pick|mon choix|notre choix|worth it|not worth|the one i'd|steer clear|stay away|sans hesiter|hard to recommend|difficult to recommend|harder to recommend|difficile a recommander|winner|go-to)\b)/;
const isVerdict = (why: string) => VERDICT_WORDS.test(why);
/** Nouns that make a judgement a verdict on the brand as a choice: "a solid choice", "the best option". */
const CHOICE_NOUNS = new Set(words("choice choices option options pick fit bet replacement alternative alternatives place choix solution pari"));

type Mention<K> = { key: K; start: number; end: number };
type Group<K> = { keys: K[]; start: number; end: number };

/**
 * Words with the French elisions cut off as words of their own: "d'excellente qualité" holds
 * "excellente", "qu'Alan" holds "qu'" (the comparison's "que"). "N'" stays on its verb: it negates it.
 */
function tokensUnelided(text: string, from?: number, to?: number): Token[] {
  return tokenise(text, from, to).flatMap((token) => {
    const elision = /^(?:l|d|qu|j|s|jusqu|lorsqu|puisqu)'(?=[\p{L}\p{N}])/u.exec(token.word);
    if (!elision) return [token];
    const cut = token.start + elision[0].length;
    return [
      { word: elision[0], start: token.start, end: cut },
      { word: token.word.slice(elision[0].length), start: cut, end: token.end },
    ];
  });
}

/** Phrases as words, longest first, so "bon rapport qualite-prix" wins over "bon rapport". */
const asWords = (list: Array<[string, number]>) =>
  list.map(([phrase, value]) => ({ words: tokensUnelided(phrase).map((token) => token.word), value })).sort((a, b) => b.words.length - a.words.length);
const PHRASE_TOKENS = asWords(PHRASES);
const MIDDLING_WORDS = new Set([...MIDDLING].map((phrase) => tokensUnelided(phrase).map((token) => token.word).join(" ")));
const DIRECTED_TOKENS = asWords(DIRECTED);
const SEPARATOR_BETWEEN = /^(?:[\s,/&+*_()|–—-]|and|or|et|ou|vs\.?|versus|as well as|ainsi que|the|le|la|les|l')*$/;
const STRONGER_TO = new Set(["superior", "inferior", "preferable", "superieur", "superieure", "superieurs", "inferieur", "inferieure", "prefer"]);
const COMPARISON_OPENERS = [...CONTRAST_OPENERS, "compared to", "compared with", "par rapport a", "par rapport au", "face a", "versus", "vs"];

/**
 * Brands named side by side ("Slack, Teams and Zoom") share what is said of them. Two names with
 * only a comma between them are not a list ("Unlike Teams, Slack is…").
 */
function groups<K>(text: string, mentions: Mention<K>[]): Group<K>[] {
  const found: Array<Group<K> & { joined: boolean }> = [];
  for (const mention of mentions) {
    const last = found[found.length - 1];
    const between = last ? text.slice(last.end, mention.start).trim() : "";
    if (last && SEPARATOR_BETWEEN.test(between)) {
      if (!last.keys.includes(mention.key)) last.keys.push(mention.key);
      last.end = mention.end;
      last.joined ||= /[\p{L}&/+]/u.test(between);
    } else {
      found.push({ keys: [mention.key], start: mention.start, end: mention.end, joined: false });
    }
  }
  return found.flatMap((group) => {
    if (group.joined || group.keys.length !== 2) return [group];
    const [first, second] = mentions.filter((mention) => mention.start >= group.start && mention.end <= group.end);
    return [
      { keys: [first.key], start: first.start, end: first.end },
      { keys: [group.keys[1]], start: second.start, end: group.end },
    ];
  });
}

const BUT_WORDS = /\b(?:but|however|less so|yet|the (?:catch|downside|drawback|trade-?off) is|mais|cependant|toutefois|pourtant|en revanche|par contre|neanmoins)\b/g;
/**
 * A judgement before a "but" later in its sentence is conceded: it weighs a quarter. What follows
 * "but" weighs in full (no more: each of several criticisms after one "but" is not a verdict).
 */
const BEFORE_BUT = 0.25;
/**
 * A concession ("although", "though", "even if", "même si", "bien que") grants what follows it
 * against the rest of the sentence: it weighs half ("fast, though the app is dated" leans positive).
 */
const CONCESSION_WORDS = /\b(?:(?:although|though|even though|even if|meme si|bien que|quoique)\b|meme s'(?=ils?\b)|bien qu'|quoiqu')/g;
const CONCEDED = 0.5;
/**
 * A comparison in a word that only describes ("cheaper", "faster", "more popular" than X): the
 * brand ahead takes it at full weight, the one behind as that word weighs (½), described as dearer
 * or slower rather than judged.
 */
const COMPARED_DESCRIBED = 0.5;
/** What an unjudged clause after "but" weighs: the opposite of what came before it. */
const IMPLIED_TURN = 0.75;
const CLAUSE_WORDS =
  /\b(?:but|however|less so|the (?:catch|downside|drawback|trade-?off) is|although|though|whereas|while|yet|except|mais|cependant|toutefois|tandis que|alors que|en revanche|par contre|pourtant|neanmoins|meme si|sauf que|bien que)\b/g;
const OTHER_SIDE = /(?:\b(?:than|que chez|qu'chez|(?<!(?:alors|tandis|bien|parce|sauf|ainsi|lors|puis|pendant|tant|avant|apres|afin|des) )(?:que|qu')|unlike|compared to|compared with|versus|vs\.?|contrairement a|contrairement aux?|par rapport a|par rapport aux?|face a|face aux|over|proches? de|comme|like|such as|including|dont)\s*(?:(?:ceux|celui|celles?) (?:de |des |du |d'))?(?:d'|l'|la |le |les |the )?)$/;

/** Where a sentence's clauses start: punctuation and "but"-words, not inside a list of brands. */
function clauseBounds<K>(text: string, start: number, end: number, groups: Group<K>[]): number[] {
  const slice = text.slice(start, end);
  const found: number[] = [];
  for (const match of slice.matchAll(/[,;:()–—]|\s-\s/g)) found.push(start + match.index);
  for (const match of slice.matchAll(CLAUSE_WORDS)) found.push(start + match.index);
  return found.filter((at) => !groups.some((group) => at > group.start && at < group.end)).sort((a, b) => a - b);
}

/** A brand named as the other side of a comparison, or as an example: not who the clause speaks of. */
function introducedAsOther(text: string, from: number, at: number): boolean {
  return OTHER_SIDE.test(text.slice(Math.max(from, at - 40), at));
}

/** A bold label at the head of a line or list item: "- **Best for:**", "**Pros :**". */
const HEAD_LABEL = /^[\s>*+\-\d.)|]*(?:\*\*|__)([^*_\n]{1,60}?)(?:\*\*|__)\s*:?/;

/** "It is worth …", "it's worth …", "it may be worth …": said to the reader, of no brand. */
const IMPERSONAL = /(?:^|\s)(?:it is|it's|it may be|it might be|it would be|it could be|it can be|it's probably|it is probably|it's also|it is also)$/;

/** A line that is only a bold name or title, maybe with a colon or an emoji after it: "**Evernote** 🐘". */
const BOLD_HEADING = /^\s*\*\*[^*]+\*\*(?:[\s:]|\p{Extended_Pictographic}|\u{FE0F}|\u{200D})*$/u;

/** A sentence that opens by turning against the one before: "On the flip side, …", "That said, …". */
const TURN_OPENERS = /^[\s*_>-]*(?:on the flip side|that said|having said that|on the other hand|the catch|the downside|the drawback|however|but|en revanche|par contre|cela dit|ceci dit|toutefois|cependant|mais)\b/;

/** A price stated in figures: "$89 per month", "à partir de 7 €". */
const PRICE_FACT = /[$€£]\s?\d|\d\s?(?:[$€£]|eur\b|chf\b|usd\b)|\bper (?:month|year|user|seat)\b|\bpar mois\b|\/(?:mo|month|an|mois)\b/;

/** "Make a choice", "the choice you made": choosing, not a choice named. */
const CHOOSING = /^(?:make|makes|made|making|your)$/;

/** The answer's own recommendation, in the first person: "I'd suggest", "I'd lean towards", "my pick". */
const ADVISED = /^(?:\(subject\) )?(?:(?:the one )?i'd (?:suggest|recommend|lean towards?|pick|go with|go for|choose|buy|use|start with)|would (?:suggest|recommend)|je (?:conseillerais|recommanderais|privilegierais|choisirais|prendrais)|my pick|our pick|mon choix|notre choix|\(advice\))/;

const PRONOUNS = new Set(["it", "them", "this", "that", "le", "la", "les", "l'"]);
const HYPOTHETICAL = new Set(["case", "cas", "event", "if", "si", "craignez", "worried", "worry", "lorsque", "quand", "prevent", "avoid"]);
const ARTICLES = new Set(["le", "la", "les", "l'"]);
const LIKENESS = new Set(["same", "meme", "memes", "similar", "similaire", "similaires"]);

/** A verdict's first brand given a use of its own before the next brand: "X for …", "X suits …", "X si …". */
const SHARED_VERDICT = /^[\s*_]*(?:is |est |c'est )?(?:for|pour|suits|suit|fits|convient|if|si|when|quand)\b/i;

/** "Hard to judge", "difficile à prévoir": a difficulty of knowing, said of the reader. */
const DIFFICULT = new Set(words("hard harder difficult tricky impossible difficile difficiles dur delicat"));
const KNOWING = new Set(words("judge say tell predict know assess gauge evaluate compare juger dire savoir prevoir evaluer estimer comparer"));

/** What opens a condition a recommendation answers: "If you …, X.", "Pour …, X.", "Sinon, X." */
const CONDITION_OPENER = /^[\s*_>-]*(?:(?:and |et )?(?:if|for|when|pour|si|s'il|quand|otherwise|sinon|else)\b)/i;

/** The case a piece of advice is given for, after a semicolon: "; en montagne, privilégiez X", "; for video, pick X". */
const FOR_A_CASE = /^[\s*_]*(?:(?:if|for|when|pour|si|s'il|quand|otherwise|sinon)\b|en \S+,)/i;

/** What makes a choice a recommendation: "the obvious choice", "le choix logique", "le seul vrai choix". */
const OBVIOUS = new Set(words("obvious natural default safe sensible clear only real evident naturel logique seul vrai ideal"));

/** What a judgement said of a list of three or more brands at once weighs for each (as a lone caveat does). */
const SHARED_BY_LIST = 0.25;

/** What a brand can come out ahead of or behind without a brand named: "tops rankings", "trails its rivals". */
const FIELD_NOUNS = new Set(
  words(`rankings ranking roundups roundup charts chart tests test surveys survey market category field competition rivals rival
  competitors peers pack classement classements comparatifs comparatif marche concurrence concurrents palmares sondages enquetes`),
);

const NOT_COMPARATIVE = new Set(words("premier clever super eager sober"));
const ALTERNATIVES = new Set(words("alternatives alternative options option choices picks rivals competitors solutions"));
/** "Cheaper alternatives", "better options", "des alternatives moins chères", "des options plus simples". */
function isComparative(tokens: Token[], index: number, last: number): boolean {
  const word = tokens[index].word;
  const comparative = (/er$/.test(word) && !NOT_COMPARATIVE.has(word)) || tokens[index - 1]?.word === "more" || tokens[index - 1]?.word === "less";
  if (comparative && ALTERNATIVES.has(tokens[last + 1]?.word ?? "")) return true;
  return (tokens[index - 1]?.word === "plus" || tokens[index - 1]?.word === "moins") && ALTERNATIVES.has(tokens[index - 2]?.word ?? "");
}

/** What a lone caveat ("the one weakness", "seul reproche") weighs, as its phrases in the lexicon do. */
const LONE_CAVEAT = 0.25;

/** What a judgement is about: "complaints about delays", "critiqué pour ses bugs". */
const ABOUT = new Set(words("about over for regarding concerning de des du d' pour sur concernant"));

/** Prices, and the verbs that say they rise: "prices jump", "les devis gonflent", "renewal prices quadruple". */
const PRICE_NOUNS = new Set(words("price prices pricing cost costs fees fee rates bill bills premiums quotes prix tarif tarifs devis frais factures facture cotisations"));
const RISES = new Set(
  words(`jump jumps jumped soar soars soared skyrocket skyrockets skyrocketed balloon balloons ballooned spike spikes spiked double doubles doubled
  triple triples tripled quadruple quadruples quadrupled gonfler gonflent gonfle explosent explose doublent triplent quadruplent`),
);

/** "Some courses …, others …", "certains clients …, d'autres …": each clause is about part of what the brand offers or serves. */
const SOME = new Set(words("some certains certaines"));
const OTHERS = new Set(words("others autres"));
const PART = new Set([...SOME, ...OTHERS]);
const PART_ONLY = 0.5;
function partOnly(tokens: Token[], from: number, index: number): boolean {
  const opening = tokens.filter((token, at) => at < index && token.start >= from).slice(0, 3);
  return opening.some((token) => PART.has(token.word)) && !/^(?:for|pour|with|avec)$/.test(opening[0]?.word ?? "");
}

const TURN_WORD = /^(?:but|however|less so|yet|the (?:catch|downside|drawback|trade-?off) is|mais|cependant|toutefois|pourtant|en revanche|par contre|neanmoins)\b[\s,]*/;

/** How many points a list item or a cell makes: its parts between commas, semicolons and "and"/"et". */
const POINT_BREAK = /(?<!\d),|,(?!\d)|;|\b(?:and|et)\b/;
const points = (text: string) => text.split(POINT_BREAK).filter((part) => tokenise(part).length > 0).length;
/** The points a stretch of prose makes, leaving out what is in brackets and prices in figures. */
const pointsOf = (text: string) =>
  text
    .replace(/\([^)]*\)|\[[^\]]*\]/g, " ")
    .split(POINT_BREAK)
    .filter((part) => tokenise(part).length > 0 && !PRICE_FACT.test(part)).length;

/** No comma, full stop or other break between two points of a sentence: a judgement reaches across. */
const unbroken = (text: string, from: number, to: number) => !/[,;:.!?()\n|]/.test(text.slice(from, to));

const isNegator = (word: string) => NEGATORS.has(word) || word.startsWith("n'") || word.endsWith("n't");

/** A judgement's value once the words before it are read: negation, "too", "less", intensity. */
function modified(tokens: Token[], index: number, value: number, text: string, negatedAlready = false): number {
  let weight = 1;
  let negated = false;
  let turned = false;
  let complaint = false;
  let solved = false;
  const windowStart = Math.max(0, index - 3);
  for (let before = index - 1; before >= windowStart; before--) {
    // A comma or a full stop ends the reach of "not".
    if (!unbroken(text, tokens[before].end, tokens[before + 1].start)) break;
    const word = tokens[before].word;
    if (word === "peu" && tokens[before - 1]?.word === "un") weight *= 0.5;
    // "Peu fiable" is negated; in "une zone peu dense reste en retrait", "peu" is about "dense".
    else if (word === "peu") negated ||= before === index - 1;
    else if (isNegator(word)) negated = true;
    // "Rather than fix the problem", "au lieu de résoudre": the problem stays.
    else if (SOLVERS.has(word)) solved = !(tokens[before - 1]?.word === "than" || tokens[before - 1]?.word === "of" || tokens[before - 1]?.word === "de");
    else if (INTENSIFIERS.has(word)) weight *= 1.5;
    else if (SOFTENERS.has(word)) weight *= 0.5;
    else if (EXCESS.has(word) && before === index - 1) complaint = true;
    else if (LESS.has(word) && before >= index - 2) turned = true;
  }
  // "Support is quick to help in case of a problem", "si vous craignez une panne": a problem
  // imagined is not a criticism.
  // ("Même si" concedes a fact rather than imagining one.)
  // ("Des cas simples" are simple cases, not a case imagined: "case" imagines after "in", "en", "au".)
  const imagined = (at: number) =>
    HYPOTHETICAL.has(tokens[at].word) &&
    !(tokens[at].word === "si" && tokens[at - 1]?.word === "meme") &&
    !((tokens[at].word === "case" || tokens[at].word === "cas") && !/^(?:in|en|au|just)$/.test(tokens[at - 1]?.word ?? ""));
  // (Within the judgement's clause: "… des cas simples, et on regrette un support …" regrets.)
  const sameClause = (at: number) => unbroken(text, tokens[at].end, tokens[index].start);
  if (value < 0 && [index - 4, index - 3, index - 2, index - 1].some((at) => at >= 0 && imagined(at) && sameClause(at))) return 0;
  // "The most complete", "la plus accessible", "the cheapest": a ranking is a verdict, at full weight.
  const previous = tokens[index - 1]?.word;
  if (Math.abs(value) < 1 && (previous === "most" || ((previous === "plus" || previous === "moins") && ARTICLES.has(tokens[index - 2]?.word ?? "")) || /est$/.test(tokens[index].word))) {
    weight *= 2;
  }
  let result = value * weight;
  if (turned) result = -result;
  if (solved && value < 0) result = Math.abs(result);
  else if (negated && !negatedAlready) result = -result;
  // "Too expensive", "trop cher pour ce que c'est": too much of even a describing word is a complaint, in full.
  if (complaint) result = -Math.max(Math.abs(result), 1);
  return result;
}

/** The praise and the criticism said of a brand, each summed (criticism as a positive number). */
export type Judgements = {
  praise: number;
  criticism: number;
  /** What the verdicts among them add up to (advice, recommendations, rankings), if any. */
  verdict?: number;
  /** How many points the lists of the brand's strengths and of its weaknesses make, if it has any. */
  pros?: number;
  cons?: number;
  /** What the answer's own recommendations of the brand add up to ("I'd suggest X", "go with X"), if any. */
  advised?: number;
  /** What the lists of strengths and weaknesses (and table rows of them) said, included in praise and criticism. */
  listedPraise?: number;
  listedCriticism?: number;
  /** How many times the answer placed the brand in the middle ("mid-table", "sans plus"). */
  middling?: number;
  /** How much of praise and criticism came from comparisons with another brand named ("cheaper than X"). */
  compared?: number;
};

export function sentimentByBrand<K>(
  text: string,
  mentions: Mention<K>[],
  { language, trace }: { language: "en" | "fr"; trace?: (line: string) => void },
): Map<K, Judgements> {
  const lexicon = LEXICON[language];
  const scores = new Map<K, Judgements>();
  // What the current sentence says of each brand, added to its scores once the sentence is read.
  const sentence = new Map<K, Judgements>();
  const saidOf = (key: K) => {
    const entry = sentence.get(key) ?? { praise: 0, criticism: 0 };
    sentence.set(key, entry);
    return entry;
  };
  let inComparison = false;
  const nameOf = (key: K) => String((key as { name?: string })?.name ?? key);
  const add = (keys: K[] | undefined, value: number, why = "") => {
    for (const key of keys ?? []) {
      const entry = saidOf(key);
      if (value > 0) entry.praise += value;
      else entry.criticism -= value;
      if (inVerdict || isVerdict(why)) entry.verdict = (entry.verdict ?? 0) + value;
      if (value > 0 && ADVISED.test(why)) entry.advised = (entry.advised ?? 0) + value;
      if (inComparison) entry.compared = (entry.compared ?? 0) + Math.abs(value);
      trace?.(`${nameOf(key)} ${value > 0 ? "+" : ""}${value.toFixed(2)} ${why}`);
    }
  };
  for (const mention of mentions) scores.set(mention.key, { praise: 0, criticism: 0 });
  const sorted = [...mentions].sort((a, b) => a.start - b.start);
  const lines = text.split("\n");

  let headingSubject: K[] | undefined;
  let paragraphSubject: K[] | undefined;
  let lastLine = -1;
  const lineStarts: number[] = [];
  for (let at = 0, index = 0; index < lines.length; index++) {
    lineStarts.push(at);
    at += lines[index].length + 1;
  }
  // The kind of each column of the table being read, when it has a column of strengths and one of weaknesses.
  let table: Array<"pro" | "con" | "verdict" | undefined> | undefined;
  // A list of strengths or weaknesses under a heading ("**Medium: Cons**"), and under an item's label ("- **Pros:** …").
  let section: { kind: "pro" | "con" | "verdict"; keys: K[] | undefined } | undefined;
  let headingSection: "pro" | "con" | "verdict" | undefined;
  let itemSection: "pro" | "con" | "verdict" | undefined;
  // Judgements in a verdict ("**Verdict:** …", under "### Which should you choose?") decide.
  let inVerdict = false;
  // What the previous sentence said, net, of the brand it judged last.
  let previous: { keys: K[]; net: number } | undefined;
  for (const unit of units(text)) {
    const line = lines[unit.line];
    const firstOfLine = unit.line !== lastLine;
    if (firstOfLine) {
      const heading = /^\s*#{1,6}\s/.test(line) || BOLD_HEADING.test(line);
      const blankBefore = unit.line > 0 && !lines[unit.line - 1].trim();
      const newItem = /^\s*(?:[-*+]|\d{1,2}[.)]|\|)\s/.test(line);
      // "### Asana" then "**Pros**": a heading that only labels a list of strengths or weaknesses
      // keeps the brand the heading above it is about.
      const labelOnly = heading && BOLD_HEADING.test(line) && !/^\s*#/.test(line) && (sectionKind(line) === "pro" || sectionKind(line) === "con");
      if (heading && !labelOnly) headingSubject = undefined;
      if (heading || blankBefore || newItem) paragraphSubject = undefined;
      headingSection = heading ? sectionKind(line) : undefined;
      if (heading || (blankBefore && !newItem)) section = undefined;
      itemSection = undefined;
      lastLine = unit.line;
      // A table with a column of strengths and one of weaknesses ("| Brand | Points forts | Points
      // faibles |"): each row is a pros and cons list of the brand it names.
      if (/^\s*\|/.test(line)) {
        const cells = line.trim().replace(/^\||\|$/g, "").split("|");
        if (/^\s*\|?[\s:|-]+$/.test(lines[unit.line + 1] ?? "") && /-/.test(lines[unit.line + 1] ?? "")) {
          const kinds = cells.map((cell) => sectionKind(cell.replace(/[*_]/g, "").trim()));
          table = kinds.some((kind) => kind === "pro") && kinds.some((kind) => kind === "con") ? kinds : undefined;
        } else if (table && !/^[\s:|-]+$/.test(line)) {
          const lineStart = lineStarts[unit.line];
          const row = sorted.find((mention) => mention.start >= lineStart && mention.start < lineStart + line.length);
          if (row) {
            const entry = scores.get(row.key)!;
            cells.forEach((cell, column) => {
              const length = points(cell);
              if (table?.[column] === "pro") entry.pros = (entry.pros ?? 0) + length;
              else if (table?.[column] === "con") entry.cons = (entry.cons ?? 0) + length;
            });
          }
        }
      } else table = undefined;
    }
    // A mention belongs to the unit it starts in ("Dr. Martens" spans a full stop).
    const inUnit = sorted.filter((mention) => mention.start >= unit.start && mention.start < unit.end);
    const unitGroups = groups(text, inUnit);
    // "**Best for:** small cafés", "**Watch out for:** …": a label at an item's head names what the
    // item describes; its own words ("best", "watch out") judge nothing.
    const label = firstOfLine ? HEAD_LABEL.exec(text.slice(unit.start, unit.end)) : null;
    const labelEnd = label && /:/.test(label[0]) && isSectionLabel(label[1]) ? unit.start + label[0].length : unit.start;
    if (label && /:/.test(label[0]) && firstOfLine) itemSection = sectionKind(label[1]);
    inVerdict = (itemSection ?? (headingSection ? undefined : section?.kind)) === "verdict";
    const tokens = tokensUnelided(text, labelEnd, unit.end).filter((token) => !inUnit.some((mention) => token.end > mention.start && token.start < mention.end));
    const matches = (candidate: { words: string[] }, index: number) => candidate.words.every((word, offset) => tokens[index + offset]?.word === word);
    const after = (at: number, within: number) => unitGroups.find((group) => group.start >= at && group.start <= within);
    const carried = paragraphSubject ?? headingSubject;
    const bounds = clauseBounds(text, unit.start, unit.end, unitGroups);
    // A "however" that closes the sentence ("Fewer features, however.") turns against the sentence
    // before, not against its own words.
    const buts = [...text.slice(unit.start, unit.end).matchAll(BUT_WORDS)]
      .map((match) => unit.start + match.index)
      .filter((at) => !/^however[\s.!?)*_]*$/.test(text.slice(at, unit.end)));
    // ("As though" compares; "Although it is pricey, X is great" concedes only up to its comma.)
    const concessions = [...text.slice(unit.start, unit.end).matchAll(CONCESSION_WORDS)]
      .map((match) => unit.start + match.index)
      .filter((at) => !/\bas $/.test(text.slice(Math.max(unit.start, at - 3), at)));
    // "…, though paid plans start at $89 per month": a price stated after the turn describes, and
    // does not discount what came before it.
    const discounted = buts.length > 0 && !PRICE_FACT.test(text.slice(buts[buts.length - 1], unit.end));
    const clauseOf = (at: number): [number, number] => {
      let from = unit.start;
      let to = unit.end;
      for (const bound of bounds) {
        if (bound <= at) from = bound;
        else {
          to = bound;
          break;
        }
      }
      return [from, to];
    };
    /**
     * Who a judgement is said of: the nearest brand before it in its clause, else a brand a few
     * words after it in its clause ("the best option is Slack"), else the sentence's first brand if
     * it comes before, else the brand the paragraph or heading is about, else the nearest brand
     * after it in the sentence.
     */
    const ownerOf = (at: number, end: number): Group<K> | "carried" | undefined => {
      const [from, to] = clauseOf(at);
      const inClause = unitGroups.filter((group) => group.start >= from && group.end <= to);
      // The brand a comparison was made against ("prices higher than FairPrice's, but its riders
      // are courteous") is not who the rest of the clause speaks of: skip it for the subject.
      const preceding = [...inClause].reverse().find((group) => group.end <= at && !introducedAsOther(text, from, group.start));
      if (preceding) return preceding;
      const following = inClause.find((group) => group.start >= end && !introducedAsOther(text, from, group.start));
      if (following && (!unitGroups[0] || unitGroups[0].end > at || tokenise(text, end, following.start).length <= 5)) return following;
      if (unitGroups[0] && unitGroups[0].end <= at) return unitGroups[0];
      if (carried) return "carried";
      return unitGroups.find((group) => group.start >= end && !introducedAsOther(text, unit.start, group.start));
    };
    const tokenEnd = (index: number) => tokens[Math.min(index, tokens.length - 1)]?.end ?? unit.end;

    const perGroup = new Map<Group<K> | undefined, number>();
    const given: Array<{ at: number; keys: K[]; value: number; why?: string }> = [];
    const give = (group: Group<K> | undefined, keys: K[] | undefined, rawValue: number, why: string, at = -1) => {
      // "The three VPNs most often recommended are NordVPN, Surfshark and ExpressVPN": a judgement
      // shared by a list of three or more brands introduces the list; each brand's own words decide.
      const value = group && group.keys.length >= 3 && !/^\((?:verdict|advice)\)/.test(why) ? rawValue * SHARED_BY_LIST : rawValue;
      add(keys, value, why);
      perGroup.set(group, (perGroup.get(group) ?? 0) + value);
      if (keys) given.push({ at, keys, value, why });
    };

    // "Verdict: X", "Best value: X": the brand right after a summary label wins it.
    const [verdictGroup] = unitGroups;
    // "Bottom line: Pipedrive suits sales-led teams; HubSpot suits inbound marketing", "X for
    // performance, Y for value": a verdict shared out between brands, each for its use, crowns none.
    const shared = unitGroups.length > 1 && verdictGroup && SHARED_VERDICT.test(text.slice(verdictGroup.end, unitGroups[1].start));
    if (verdictGroup && !shared && verdictGroup.start - unit.start <= 60 && VERDICT_LABEL.test(text.slice(unit.start, verdictGroup.start))) {
      give(verdictGroup, verdictGroup.keys, 1, "(verdict)");
    }

    // "For 15 engineers? Linear.", "Bear. Next question.": a sentence that is only a brand's name
    // answers the question with it, as a recommendation (not a heading, a list item or a table cell).
    if (
      unitGroups.length === 1 &&
      tokens.every((token) => ARTICLES.has(token.word) || token.word === "the") &&
      /^\s*[.!]\s*$/.test(text.slice(unitGroups[0].end, unit.end)) &&
      !/^\s*(?:#{1,6}\s|[-*+]\s|\d{1,2}[.)]\s|\|)/.test(line) &&
      !BOLD_HEADING.test(line)
    ) {
      give(unitGroups[0], unitGroups[0].keys, 1, "(advice) answer");
    }
    // "If you care about owning your data, Joplin.", "Pour un long trajet, X.": a condition answered
    // by a brand's name alone recommends it for that condition.
    else if (
      unitGroups.length === 1 &&
      /^\s*[.!]?\s*$/.test(text.slice(unitGroups[0].end, unit.end)) &&
      /,\s*(?:the |le |la |les |l')?$/i.test(text.slice(unit.start, unitGroups[0].start)) &&
      CONDITION_OPENER.test(text.slice(unit.start, unitGroups[0].start)) &&
      !BOLD_HEADING.test(line)
    ) {
      give(unitGroups[0], unitGroups[0].keys, 1, "(advice) answer");
    }

    const someAndOthers = tokens.some((token) => SOME.has(token.word)) && tokens.some((token) => OTHERS.has(token.word));
    // The last judgement read in this sentence, as the index of its last word and its value.
    let judged: { last: number; value: number } | undefined;
    // Where a lone caveat ("the one drawback", "seul bémol") was named in this sentence.
    let caveat: number | undefined;
    for (let index = 0; index < tokens.length; index++) {
      const token = tokens[index];
      const directed = DIRECTED_TOKENS.find((candidate) => matches(candidate, index));
      if (directed) {
        const last = index + directed.words.length - 1;
        const target = after(tokens[last].end, tokenEnd(last + 3) + 1);
        if (target && !isNegator(tokens[index - 1]?.word ?? "")) {
          // "Si vous vivez en ville, Salt ou Wingo … ; en montagne, privilégiez Swisscom": advice shared
          // out between brands, each for a condition of its own, is a verdict for each but no recommendation.
          const sharedOut = directed.value > 0 && unitGroups.length > 1 && FOR_A_CASE.test(text.slice(unit.start, token.start).split(";").pop() ?? "");
          give(target, target.keys, directed.value, `${sharedOut ? "(verdict) shared" : "(advice)"} ${directed.words.join(" ")}`);
          index = last;
          continue;
        }
        // "I'd skip it", "évitez-le": the advice is about the brand the sentence or paragraph is about.
        const pronoun = tokens[last + 1]?.word;
        const subject = unitGroups[0] && unitGroups[0].end <= token.start ? unitGroups[0].keys : carried;
        if (!target && pronoun && PRONOUNS.has(pronoun) && subject && !isNegator(tokens[index - 1]?.word ?? "")) {
          give(undefined, subject, directed.value, `(advice) ${directed.words.join(" ")} ${pronoun}`, token.start);
          index = last + 1;
          continue;
        }
      }
      const phrase = PHRASE_TOKENS.find((candidate) => matches(candidate, index));
      const length = phrase ? phrase.words.length : 1;
      if (phrase && MIDDLING_WORDS.has(phrase.words.join(" ")) && !isNegator(tokens[index - 1]?.word ?? "")) {
        const found = ownerOf(token.start, tokens[index + length - 1].end);
        for (const key of (found === "carried" ? carried : found?.keys) ?? []) {
          const entry = saidOf(key);
          entry.middling = (entry.middling ?? 0) + 1;
          trace?.(`${nameOf(key)} (middling) ${phrase.words.join(" ")}`);
        }
      }
      const comparing = COMPARING_VERBS.get(token.word);
      // "L'abonnement dépasse 150 € par mois", "tops 60 km/h": a verb that compares with a figure states it.
      if (!phrase && comparing !== undefined && /^\s*(?:les |the |de |d'|plus de |more than |over )?[$€£]?\s?\d/.test(text.slice(token.end, token.end + 16))) continue;
      let value = phrase ? phrase.value : (lexicon.get(token.word) ?? 0);
      if (!value && comparing === undefined) {
        if (EXCESS.has(token.word) && tokens[index + 1] && !lexicon.has(tokens[index + 1].word)) value = -1;
        // "Firefox is the purist's pick", "the default choice": a brand named as someone's choice is recommended.
        else if ((token.word === "pick" || token.word === "choice") && /^(?:the|a|an|my|our)$|'s$/.test(tokens[index - 1]?.word ?? "") && !CHOOSING.test(tokens[index - 2]?.word ?? "")) value = 1;
        // "The obvious choice", "le seul vrai choix", "le choix logique": a choice named with what makes it one.
        else if (
          (token.word === "choice" || token.word === "pick" || token.word === "choix") &&
          (OBVIOUS.has(tokens[index - 1]?.word ?? "") ? /^(?:the|my|our|le|mon|notre|seul|only)$/.test(tokens[index - 2]?.word ?? "") : /^(?:le|mon|notre)$/.test(tokens[index - 1]?.word ?? "") && OBVIOUS.has(tokens[index + 1]?.word ?? ""))
        )
          value = 1;
        // "Prices jump sharply", "renewal prices roughly quadruple", "les devis ont tendance à gonfler": prices that rise criticise.
        else if (RISES.has(token.word) && tokens.slice(Math.max(0, index - 4), index).some((before) => PRICE_NOUNS.has(before.word) && unbroken(text, before.end, token.start))) value = -1;
        // "Fewer social-media templates", "fewer dedicated PM features": less of something unjudged is a lack.
        else if (token.word === "fewer" && tokens[index + 1] && !lexicon.has(tokens[index + 1].word) && !lexicon.has(tokens[index + 2]?.word ?? "")) value = -0.5;
        else {
          // A phrase that judges nothing ("top tier", "indice de qualité") keeps its words from judging on their own.
          index += length - 1;
          continue;
        }
      }
      // "Its long-term future is harder to judge", "difficile à dire": the reader's uncertainty, not a fault.
      if (!phrase && DIFFICULT.has(token.word) && /^(?:to|a)$/.test(tokens[index + 1]?.word ?? "") && KNOWING.has(tokens[index + 2]?.word ?? "")) {
        index += 2;
        continue;
      }
      // "It is worth running a pilot", "worth checking": advice to the reader, not praise of a brand.
      if (!phrase && token.word === "worth" && /ing$/.test(tokens[index + 1]?.word ?? "") && IMPERSONAL.test(tokens.slice(Math.max(0, index - 3), index).map((before) => before.word).join(" "))) continue;
      // "N'est pas donné", "je ne suis pas convaincu": a phrase that holds its negation is not negated again by "ne".
      if (value) value = modified(tokens, index, value, text, phrase !== undefined && isNegator(phrase.words[0]));
      const last = index + length - 1;

      // A comparison: the brand after "than"/"que" (or after a comparing verb) gets the opposite.
      let object: Group<K> | undefined;
      if (comparing !== undefined) {
        object = after(tokens[last].end, tokenEnd(last + 3) + 1);
        if (object && !phrase) value = comparing;
        // "Regularly tops rankings", "beats most rivals", "domine le marché": ahead of a field no
        // brand names is a ranking of the subject.
        // ("Tops the complaints rankings" is no praise: a judgement in the field turns it.)
        else if (!phrase && tokens.slice(last + 1, last + 4).some((ahead) => FIELD_NOUNS.has(ahead.word)) && !tokens.slice(last + 1, last + 4).some((ahead) => lexicon.has(ahead.word))) value = comparing;
      }
      // "Mêmes galères que PrestaShop", "the same issues as X": a likeness, not a comparison.
      const likeness = tokens.slice(Math.max(0, index - 2), index).some((before) => LIKENESS.has(before.word));
      if (!object && !likeness) {
        for (let ahead = last + 1; ahead <= last + 4 && ahead < tokens.length; ahead++) {
          const word = tokens[ahead].word;
          const opens = THAN.has(word) || word.startsWith("qu'") || ((word === "to" || word === "a") && STRONGER_TO.has(token.word));
          if (!opens) continue;
          object = after(tokens[ahead].start, tokenEnd(ahead + 2) + 1) ?? (word.startsWith("qu'") ? after(tokens[ahead].start, tokens[ahead].end) : undefined);
          break;
        }
      }
      if (!value) continue;
      // "The one drawback is that they don't fold, so the case is bulkier": what the lone caveat
      // names is that caveat, and weighs as it does.
      if (caveat !== undefined && caveat < token.start && value < 0 && !phrase) value *= LONE_CAVEAT;
      // "Some courses are excellent, others padded or outdated", "certains clients reçoivent un appareil
      // impeccable, d'autres …": what varies from one to the next is said of part of it, at half.
      if (someAndOthers && partOnly(tokens, clauseOf(token.start)[0], index)) value *= PART_ONLY;
      if (phrase && phrase.value === -LONE_CAVEAT) caveat ??= token.start;
      // "Complaints about billing delays", "critiquée pour ses bugs", "praised for its responsive
      // support": a judgement that names what the one before it is about is that judgement again.
      if (
        judged &&
        Math.sign(judged.value) === Math.sign(value) &&
        index - judged.last <= 4 &&
        tokens.slice(judged.last + 1, index).some((between) => ABOUT.has(between.word)) &&
        unbroken(text, tokens[judged.last].end, token.start)
      ) {
        judged.last = index + length - 1;
        index = judged.last;
        continue;
      }
      // A comparison is a judgement even in price words, which otherwise weigh half.
      if (object) value = Math.sign(value) * Math.max(Math.abs(value), 1);
      // "Its interface is less refined", "moins confortable pour deux enfants": less of a quality,
      // against nothing named, is a shortfall milder than its opposite.
      else if (value < 0 && (phrase ? phrase.value : (lexicon.get(token.word) ?? 0)) > 0 && [index - 1, index - 2].some((at) => LESS.has(tokens[at]?.word ?? ""))) value *= 0.5;
      // What follows "but" is the verdict: "convenient, but the most expensive" leans negative, the
      // praise before it conceded.
      if (discounted && buts[buts.length - 1] > token.start && !(buts[0] < token.start)) value *= BEFORE_BUT;
      // "Fast, although the app is dated", "même si l'installation traîne": what a concession grants is conceded.
      else if (concessions.some((at) => at < token.start && clauseOf(token.start)[0] <= at + 12)) value *= CONCEDED;
      // A phrase around a brand's name ("users rate Sprout highly") is said of that brand.
      const spanned = last > index ? unitGroups.find((group) => group.start >= tokens[index].end && group.end <= tokens[last].start) : undefined;
      const found = spanned ?? ownerOf(token.start, tokens[last].end);
      // "Here are cheaper alternatives", "des options moins chères": other brands ahead of the one
      // the paragraph is about, which comes out behind, as in a comparison made in that word.
      if (found === "carried" && !object && isComparative(tokens, index, last)) {
        give(undefined, carried, -value * 0.5, `(alternatives) ${token.word}`, token.start);
        index = last;
        continue;
      }
      const owner = found === "carried" ? undefined : found;
      const previousWord = tokens[index - 1]?.word;
      // A ranking decides ("the easiest", "the best"), except in the words that only describe ("the most expensive of the group").
      const ranked = Math.abs(phrase ? phrase.value : (lexicon.get(token.word) ?? 0)) >= 1 && (previousWord === "most" || previousWord === "least" || ((previousWord === "plus" || previousWord === "moins") && ARTICLES.has(tokens[index - 2]?.word ?? "")) || /est$/.test(token.word));
      const asChoice = tokens.slice(last + 1, last + 4).some((ahead) => CHOICE_NOUNS.has(ahead.word));
      const plain = phrase ? phrase.words.join(" ") : token.word;
      const why = ranked ? `(ranked) ${plain}` : asChoice ? `(as a choice) ${plain}` : plain;
      // The side behind in a comparison made in a describing word weighs as that word does.
      const described = Math.abs(phrase ? phrase.value : (lexicon.get(token.word) ?? 0)) < 1;
      const behind = (side: number) => (object && described && side < 0 ? side * COMPARED_DESCRIBED : side);
      inComparison = Boolean(object);
      if (object && object !== owner) give(object, object.keys, behind(-value), `(compared) ${why}`, token.start);
      if (owner && owner !== object) give(owner, owner.keys, behind(value), why, token.start);
      else if (found === "carried" || (owner === object && carried)) give(undefined, carried, value, `(subject) ${why}`, token.start);
      inComparison = false;
      judged = { last, value };
      index = last;
    }

    // "Excellent screen, but library lending only works in the US": a "but" turns the sentence even
    // when the words after it judge nothing we know, so they count as a mild opposite.
    // So does a concession that judges nothing we know: "the best network, though the ride is firm".
    const turn = buts[0] ?? concessions[0];
    if (turn !== undefined && !unitGroups.some((group) => group.start > turn)) {
      const before = given.filter((entry) => entry.at >= 0 && entry.at < turn);
      const net = before.reduce((sum, entry) => sum + entry.value, 0);
      const saidAfter = given.some((entry) => entry.at > turn);
      // "…, though paid plans start at around $89 per month": a price stated after "but" describes (price words weigh half).
      const priceOnly = PRICE_FACT.test(text.slice(turn, unit.end));
      // "…, même si vous craignez une panne": a concession about a problem imagined turns nothing.
      const imaginedAfter = tokenise(text, turn, unit.end).slice(1).some((token) => HYPOTHETICAL.has(token.word));
      if (net && !saidAfter && !priceOnly && !(imaginedAfter && !buts.length) && tokenise(text, turn, unit.end).length >= 4) {
        // Enough to balance the sentence, as a reader weighs "good prices, but you arrange the fitting".
        add(before[before.length - 1].keys, net > 0 ? -(net * IMPLIED_TURN) / CRITICISM_WEIGHT : -net * IMPLIED_TURN * CRITICISM_WEIGHT, buts.length ? "(but)" : "(though)");
      }
    }

    // "… generous automations. On the flip side, seats are sold in buckets.": a sentence that opens
    // with a turn and judges nothing we know turns the one before it, about the same brand.
    const opensTurn = TURN_OPENERS.test(text.slice(unit.start, unit.end));
    if (opensTurn && !given.length && !unitGroups.length && previous && carried === previous.keys && tokens.length >= 4) {
      add(previous.keys, previous.net > 0 ? -(previous.net * IMPLIED_TURN) / CRITICISM_WEIGHT : -previous.net * IMPLIED_TURN * CRITICISM_WEIGHT, "(turn)");
    }
    // "Fast, reliable and friendly, but complaints about billing persist": praise granted before
    // "but" that, counted in full, outweighs the criticism after it as criticism is weighed (1.5)
    // balances the sentence rather than losing to it, when it is more than one praise ("powerful
    // but expensive" still leans negative).
    // So does a single caveat after "but" against as many points granted before it, at least two,
    // one of them a known praise ("carte gratuite sous condition, application complète ; en
    // revanche, le service client est difficile à joindre", "a fully mobile sign-up and competitive
    // prices, but several customers report slow payouts"): points are the parts between commas and
    // "and", after the brand's name, leaving out brackets and prices in figures; the caveat is one
    // criticism, not a verdict ("but I'd skip it", "but hard to recommend" decide).
    if (discounted) {
      const turnAt = buts[buts.length - 1];
      for (const [key, said] of sentence) {
        const mine = given.filter((entry) => entry.at >= 0 && entry.keys.includes(key));
        const praised = mine.filter((entry) => entry.at < buts[0] && entry.value > 0);
        const after = mine.filter((entry) => entry.at > turnAt);
        const criticisms = after.filter((entry) => entry.value < 0);
        const named = [...unitGroups].reverse().find((group) => group.end <= buts[0] && group.keys.includes(key));
        const grantedPoints = pointsOf(text.slice(named?.end ?? unit.start, buts[0]));
        const caveat =
          praised.length > 0 &&
          criticisms.length === 1 &&
          !isVerdict(criticisms[0].why ?? "") &&
          grantedPoints >= 2 &&
          grantedPoints >= pointsOf(text.slice(turnAt, unit.end).replace(TURN_WORD, ""));
        const granted = praised.length > 1 || caveat ? praised.reduce((sum, entry) => sum + entry.value, 0) : 0;
        const against = -after.reduce((sum, entry) => sum + Math.min(entry.value, 0), 0);
        if (granted && against && !after.some((entry) => entry.value > 0) && (caveat || granted / BEFORE_BUT >= against * CRITICISM_WEIGHT)) {
          said.praise += against * CRITICISM_WEIGHT - granted;
        }
      }
    }
    const net = given.filter((entry) => entry.at >= 0).reduce((sum, entry) => sum + entry.value, 0);
    previous = net && given.length ? { keys: given[given.length - 1].keys, net } : undefined;

    // "Unlike X, Y is …": X gets the opposite of what the rest of the sentence says of the others.
    for (const opener of COMPARISON_OPENERS) {
      const at = text.slice(unit.start, unit.end).indexOf(`${opener} `);
      if (at === -1) continue;
      const contrasted = after(unit.start + at + opener.length, unit.start + at + opener.length + 8);
      if (!contrasted) continue;
      // "Accurate tracking, though its app feels dated compared to Garmin Connect": a comparison
      // made after its judgement reaches back to the start of its clause only, not the whole sentence.
      const [from] = at > 0 && !CONTRAST_OPENERS.includes(opener) ? clauseOf(unit.start + at) : [unit.start];
      const others = given
        .filter((entry) => entry.at >= from && !entry.keys.some((key) => contrasted.keys.includes(key)))
        .reduce((sum, entry) => sum + entry.value, 0);
      if (others) add(contrasted.keys, -others * 0.75, `(${opener})`);
      break;
    }

    // What a list of strengths or weaknesses (or a table row of them) says, apart from the rest.
    const listKind = headingSection ? undefined : (itemSection ?? section?.kind);
    const listed = listKind === "pro" || listKind === "con" || (table !== undefined && /^\s*\|/.test(line));
    for (const [key, said] of sentence) {
      const entry = scores.get(key)!;
      entry.praise += said.praise;
      entry.criticism += said.criticism;
      if (listed) {
        entry.listedPraise = (entry.listedPraise ?? 0) + said.praise;
        entry.listedCriticism = (entry.listedCriticism ?? 0) + said.criticism;
      }
      if (said.verdict !== undefined) entry.verdict = (entry.verdict ?? 0) + said.verdict;
      if (said.advised !== undefined) entry.advised = (entry.advised ?? 0) + said.advised;
      if (said.middling !== undefined) entry.middling = (entry.middling ?? 0) + said.middling;
      if (said.compared !== undefined) entry.compared = (entry.compared ?? 0) + said.compared;
    }
    sentence.clear();

    if (unitGroups.length) {
      paragraphSubject = unitGroups[0].keys;
      if (/^\s*#{1,6}\s/.test(line) || BOLD_HEADING.test(line)) headingSubject = unitGroups[0].keys;
    }
    if (headingSection) section = { kind: headingSection, keys: headingSubject };
    else {
      const kind = itemSection ?? section?.kind;
      const keys = itemSection ? carried : section?.keys;
      const length = points(text.slice(labelEnd, unit.end));
      for (const key of kind && kind !== "verdict" ? (keys ?? []) : []) {
        const entry = scores.get(key)!;
        if (kind === "pro") entry.pros = (entry.pros ?? 0) + length;
        else entry.cons = (entry.cons ?? 0) + length;
      }
    }
  }
  return scores;
}
