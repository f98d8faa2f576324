import {
  COMPARING_VERBS,
  CONTRAST_OPENERS,
  DIRECTED,
  EXCESS,
  INTENSIFIERS,
  LESS,
  LEXICON,
  NEGATORS,
  PHRASES,
  SOFTENERS,
  SOLVERS,
  THAN,
  VERDICT_LABEL,
} from "./lexicon";
import { type Token, tokenise, units } from "./text";

/**
 * How an answer speaks of each brand it names, read clause by clause: each judgement ("reliable",
 * "trop cher", "lags behind") goes to the brand it is said of — the nearest brand before it in
 * its sentence, else the one after it, else the brand the paragraph or its heading is about.
 * Comparisons give the other side the opposite ("X is cheaper than Y": X +, Y −), and negation,
 * intensifiers, "too" and "less" change a judgement's sign or weight.
 */

export type Sentiment = "positive" | "neutral" | "negative";

/**
 * A brand's judgements as one of three classes. Criticism weighs 1.5 times praise (readers take a
 * warning as the verdict more readily than a compliment); positive from a net score of 0.75, negative
 * from -0.5, neutral in between. Chosen on the corpus (eval/README.md, "Calibration").
 */
const CRITICISM_WEIGHT = 1.5;
const POSITIVE_FROM = 0.75;
const NEGATIVE_FROM = -0.5;

export function sentimentLabel({ praise, criticism }: Judgements): Sentiment {
  const score = praise - criticism * CRITICISM_WEIGHT;
  return score >= POSITIVE_FROM ? "positive" : score <= NEGATIVE_FROM ? "negative" : "neutral";
}

type Mention<K> = { key: K; start: number; end: number };
type Group<K> = { keys: K[]; start: number; end: number };

/** Phrases as words, longest first, so "bon rapport qualite-prix" wins over "bon rapport". */
const asWords = (list: Array<[string, number]>) =>
  list.map(([phrase, value]) => ({ words: tokenise(phrase).map((token) => token.word), value })).sort((a, b) => b.words.length - a.words.length);
const PHRASE_TOKENS = asWords(PHRASES);
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

const BUT_WORDS = /\b(?:but|however|yet|though|mais|cependant|toutefois|pourtant|en revanche|par contre|neanmoins)\b/g;
/** A judgement after "but" weighs 1.5, one before a "but" later in its sentence 0.5. */
const AFTER_BUT = 1.5;
/** What an unjudged clause after "but" weighs: the opposite of what came before it. */
const IMPLIED_TURN = 0.75;
const BEFORE_BUT = 0.5;
const CLAUSE_WORDS =
  /\b(?:but|however|although|though|whereas|while|yet|except|mais|cependant|toutefois|tandis que|alors que|en revanche|par contre|pourtant|neanmoins|meme si|sauf que|bien que)\b/g;
const OTHER_SIDE = /(?:\b(?:than|que chez|qu'chez|que|qu'|unlike|compared to|compared with|versus|vs\.?|contrairement a|contrairement aux?|par rapport a|par rapport aux?|face a|face aux|over|proches? de|comme|like|such as|including|dont)\s*(?:d'|l'|la |le |les |the )?)$/;

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

const PRONOUNS = new Set(["it", "them", "this", "that", "le", "la", "les", "l'"]);
const HYPOTHETICAL = new Set(["case", "cas", "event", "if", "si", "craignez", "worried", "worry", "lorsque", "quand", "prevent", "avoid"]);
const ARTICLES = new Set(["le", "la", "les", "l'"]);

const isNegator = (word: string) => NEGATORS.has(word) || word.startsWith("n'") || word.endsWith("n't");

/** A judgement's value once the words before it are read: negation, "too", "less", intensity. */
function modified(tokens: Token[], index: number, value: number, text: string): number {
  let weight = 1;
  let negated = false;
  let turned = false;
  let complaint = false;
  let solved = false;
  const windowStart = Math.max(0, index - 3);
  for (let before = index - 1; before >= windowStart; before--) {
    // A comma or a full stop ends the reach of "not".
    if (/[,;:.!?()\n|]/.test(text.slice(tokens[before].end, tokens[before + 1].start))) break;
    const word = tokens[before].word;
    if (word === "peu" && tokens[before - 1]?.word === "un") weight *= 0.5;
    else if (isNegator(word) || word === "peu") negated = true;
    else if (SOLVERS.has(word)) solved = true;
    else if (INTENSIFIERS.has(word)) weight *= 1.5;
    else if (SOFTENERS.has(word)) weight *= 0.5;
    else if (EXCESS.has(word) && before === index - 1) complaint = true;
    else if (LESS.has(word) && before >= index - 2) turned = true;
  }
  // "Support is quick to help in case of a problem", "si vous craignez une panne": a problem
  // imagined is not a criticism.
  if (value < 0 && tokens.slice(Math.max(0, index - 4), index).some((token) => HYPOTHETICAL.has(token.word))) return 0;
  // "The most complete", "la plus accessible", "the cheapest": a ranking is a verdict, at full weight.
  const previous = tokens[index - 1]?.word;
  if (Math.abs(value) < 1 && (previous === "most" || ((previous === "plus" || previous === "moins") && ARTICLES.has(tokens[index - 2]?.word ?? "")) || /est$/.test(tokens[index].word))) {
    weight *= 2;
  }
  let result = value * weight;
  if (turned) result = -result;
  if (solved && value < 0) result = Math.abs(result);
  else if (negated) result = -result;
  if (complaint) result = -Math.abs(result);
  return result;
}

/** The praise and the criticism said of a brand, each summed (criticism as a positive number). */
export type Judgements = { praise: number; criticism: number };

export function sentimentByBrand<K>(
  text: string,
  mentions: Mention<K>[],
  { language, trace }: { language: "en" | "fr"; trace?: (line: string) => void },
): Map<K, Judgements> {
  const lexicon = LEXICON[language];
  const scores = new Map<K, Judgements>();
  // What the current sentence says of each brand, added to its scores once the sentence is read.
  const sentence = new Map<K, Judgements>();
  const add = (keys: K[] | undefined, value: number, why = "") => {
    for (const key of keys ?? []) {
      const entry = sentence.get(key) ?? { praise: 0, criticism: 0 };
      sentence.set(key, entry);
      if (value > 0) entry.praise += value;
      else entry.criticism -= value;
      trace?.(`${String((key as { name?: string })?.name ?? key)} ${value > 0 ? "+" : ""}${value.toFixed(2)} ${why}`);
    }
  };
  for (const mention of mentions) scores.set(mention.key, { praise: 0, criticism: 0 });
  const sorted = [...mentions].sort((a, b) => a.start - b.start);
  const lines = text.split("\n");

  let headingSubject: K[] | undefined;
  let paragraphSubject: K[] | undefined;
  let lastLine = -1;
  for (const unit of units(text)) {
    const line = lines[unit.line];
    if (unit.line !== lastLine) {
      const heading = /^\s*#{1,6}\s/.test(line) || /^\s*\*\*[^*]+\*\*\s*:?\s*$/.test(line);
      const blankBefore = unit.line > 0 && !lines[unit.line - 1].trim();
      const newItem = /^\s*(?:[-*+]|\d{1,2}[.)]|\|)\s/.test(line);
      if (heading) headingSubject = undefined;
      if (heading || blankBefore || newItem) paragraphSubject = undefined;
      lastLine = unit.line;
    }
    // A mention belongs to the unit it starts in ("Dr. Martens" spans a full stop).
    const inUnit = sorted.filter((mention) => mention.start >= unit.start && mention.start < unit.end);
    const unitGroups = groups(text, inUnit);
    const tokens = tokenise(text, unit.start, unit.end).filter((token) => !inUnit.some((mention) => token.end > mention.start && token.start < mention.end));
    const after = (at: number, within: number) => unitGroups.find((group) => group.start >= at && group.start <= within);
    const carried = paragraphSubject ?? headingSubject;
    const bounds = clauseBounds(text, unit.start, unit.end, unitGroups);
    const buts = [...text.slice(unit.start, unit.end).matchAll(BUT_WORDS)].map((match) => unit.start + match.index);
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
      const preceding = [...inClause].reverse().find((group) => group.end <= at);
      if (preceding) return preceding;
      const following = inClause.find((group) => group.start >= end && !introducedAsOther(text, from, group.start));
      if (following && (!unitGroups[0] || unitGroups[0].end > at || tokenise(text, end, following.start).length <= 5)) return following;
      if (unitGroups[0] && unitGroups[0].end <= at) return unitGroups[0];
      if (carried) return "carried";
      return unitGroups.find((group) => group.start >= end && !introducedAsOther(text, unit.start, group.start));
    };
    const tokenEnd = (index: number) => tokens[Math.min(index, tokens.length - 1)]?.end ?? unit.end;

    const perGroup = new Map<Group<K> | undefined, number>();
    const given: Array<{ at: number; keys: K[]; value: number }> = [];
    const give = (group: Group<K> | undefined, keys: K[] | undefined, value: number, why: string, at = -1) => {
      add(keys, value, why);
      perGroup.set(group, (perGroup.get(group) ?? 0) + value);
      if (keys) given.push({ at, keys, value });
    };

    // "Verdict: X", "Best value: X": the brand right after a summary label wins it.
    const [verdictGroup] = unitGroups;
    if (verdictGroup && verdictGroup.start - unit.start <= 60 && VERDICT_LABEL.test(text.slice(unit.start, verdictGroup.start))) {
      give(verdictGroup, verdictGroup.keys, 1, "(verdict)");
    }

    for (let index = 0; index < tokens.length; index++) {
      const token = tokens[index];
      const directed = DIRECTED_TOKENS.find((candidate) => candidate.words.every((word, offset) => tokens[index + offset]?.word === word));
      if (directed) {
        const last = index + directed.words.length - 1;
        const target = after(tokens[last].end, tokenEnd(last + 3) + 1);
        if (target && !isNegator(tokens[index - 1]?.word ?? "")) {
          give(target, target.keys, directed.value, `(advice) ${directed.words.join(" ")}`);
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
      const phrase = PHRASE_TOKENS.find((candidate) => candidate.words.every((word, offset) => tokens[index + offset]?.word === word));
      const length = phrase ? phrase.words.length : 1;
      const comparing = COMPARING_VERBS.get(token.word);
      let value = phrase ? phrase.value : (lexicon.get(token.word) ?? 0);
      if (!value && comparing === undefined) {
        if (EXCESS.has(token.word) && tokens[index + 1] && !lexicon.has(tokens[index + 1].word)) value = -1;
        else continue;
      }
      if (value) value = modified(tokens, index, value, text);
      const last = index + length - 1;

      // A comparison: the brand after "than"/"que" (or after a comparing verb) gets the opposite.
      let object: Group<K> | undefined;
      if (comparing !== undefined) {
        object = after(tokens[last].end, tokenEnd(last + 3) + 1);
        if (object && !phrase) value = comparing;
      }
      if (!object) {
        for (let ahead = last + 1; ahead <= last + 4 && ahead < tokens.length; ahead++) {
          const word = tokens[ahead].word;
          const opens = THAN.has(word) || word.startsWith("qu'") || ((word === "to" || word === "a") && STRONGER_TO.has(token.word));
          if (!opens) continue;
          object = after(tokens[ahead].start, tokenEnd(ahead + 2) + 1) ?? (word.startsWith("qu'") ? after(tokens[ahead].start, tokens[ahead].end) : undefined);
          break;
        }
      }
      if (!value) continue;
      // A comparison is a judgement even in price words, which otherwise weigh half.
      if (object) value = Math.sign(value) * Math.max(Math.abs(value), 1);
      // What follows "but" is the verdict: "convenient, but the most expensive" leans negative.
      if (buts.length && buts[0] < token.start) value *= AFTER_BUT;
      else if (buts.length && buts[buts.length - 1] > token.start) value *= BEFORE_BUT;
      const found = ownerOf(token.start, tokens[last].end);
      const owner = found === "carried" ? undefined : found;
      const why = phrase ? phrase.words.join(" ") : token.word;
      if (object && object !== owner) give(object, object.keys, -value, `(compared) ${why}`, token.start);
      if (owner && owner !== object) give(owner, owner.keys, value, why, token.start);
      else if (found === "carried" || (owner === object && carried)) give(undefined, carried, value, `(subject) ${why}`, token.start);
      index = last;
    }

    // "Excellent screen, but library lending only works in the US": a "but" turns the sentence even
    // when the words after it judge nothing we know, so they count as a mild opposite.
    const turn = buts[0];
    if (turn !== undefined && !unitGroups.some((group) => group.start > turn)) {
      const before = given.filter((entry) => entry.at >= 0 && entry.at < turn);
      const net = before.reduce((sum, entry) => sum + entry.value, 0);
      const saidAfter = given.some((entry) => entry.at > turn);
      if (net && !saidAfter && tokenise(text, turn, unit.end).length >= 4) {
        // Enough to balance the sentence, as a reader weighs "good prices, but you arrange the fitting".
        add(before[before.length - 1].keys, net > 0 ? -(net * IMPLIED_TURN) / CRITICISM_WEIGHT : -net * IMPLIED_TURN * CRITICISM_WEIGHT, "(but)");
      }
    }

    // "Unlike X, Y is …": X gets the opposite of what the rest of the sentence says of the others.
    for (const opener of COMPARISON_OPENERS) {
      const at = text.slice(unit.start, unit.end).indexOf(`${opener} `);
      if (at === -1) continue;
      const contrasted = after(unit.start + at + opener.length, unit.start + at + opener.length + 8);
      if (!contrasted) continue;
      const others = [...perGroup].filter(([group]) => group && group !== contrasted).reduce((sum, [, value]) => sum + value, 0);
      if (others) add(contrasted.keys, -others * 0.75, `(${opener})`);
      break;
    }

    for (const [key, said] of sentence) {
      const entry = scores.get(key)!;
      entry.praise += said.praise;
      entry.criticism += said.criticism;
    }
    sentence.clear();

    if (unitGroups.length) {
      paragraphSubject = unitGroups[0].keys;
      if (/^\s*#{1,6}\s/.test(line) || /^\s*\*\*[^*]+\*\*\s*:?\s*$/.test(line)) headingSubject = unitGroups[0].keys;
    }
  }
  return scores;
}
