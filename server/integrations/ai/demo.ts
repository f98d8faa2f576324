import { seededRandom } from "../../seeded-random";
import { type AiProvider, type AskInput, type AskProfile, type Citation, ProviderError, type ProviderAnswer } from "./types";
import { displayNames } from "#domain/intl";

/**
 * A stand-in assistant for installs without any AI key, so a new user sees the whole product work:
 * questions get answered, brands get ranked, sentiment and sources fill the screens. Answers are
 * deterministic (seeded by question, brand and language) so a re-run shows the same results, and
 * shaped like real assistant answers so `analyzeAnswer` reads them exactly as it reads real ones:
 * brands only ever appear as bold names at the head of list items, and the brand's own list line
 * is one sentence whose wording the sentiment lexicon recognises.
 */

const DEMO_MODEL = "sightline-demo-1";

type Lang = "en" | "fr";
type Tone = "positive" | "neutral" | "negative";
type Random = () => number;

/** FNV-1a: a stable 32-bit seed from text, identical on every run and platform. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

/** Same folding as the answer analysis (case, accents), so overlap checks agree with it. */
const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Whether one name holds the other as whole words ("Acme" in "Acme Pro"), either way round. */
function overlaps(a: string, b: string): boolean {
  const left = ` ${fold(a)} `;
  const right = ` ${fold(b)} `;
  return left.trim() !== "" && right.trim() !== "" && (left.includes(right) || right.includes(left));
}

const slug = (text: string) => fold(text).replace(/\s+/g, "-") || "software";

/** "de logiciel" / "d'assurance": French elides before a vowel or a silent h with an accented vowel. */
const frenchDe = (word: string) => (/^(?:[aeiouyàâäéèêëîïôöùûüœæ]|h[éèêô])/i.test(word) ? `d'${word}` : `de ${word}`);

function hostOf(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const trimmed = value.trim();
  try {
    const host = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`).hostname.toLowerCase();
    return host.includes(".") ? host : null;
  } catch {
    return null;
  }
}

const bareHost = (host: string) => host.replace(/^www\./, "");

function countryName(country: string | null, lang: Lang): string | null {
  if (!country || !/^[a-z]{2}$/i.test(country) || country.toUpperCase() === "ZZ") return null;
  try {
    return displayNames([lang], { type: "region", fallback: "none" }).of(country.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

type Phrases = {
  intro: (topic: string) => string[];
  introGeneric: string[];
  /** One sentence each, no other brand in it: the brand's list line is what its sentiment is read from. */
  brand: Record<Tone, string[]>;
  other: string[];
  closing: string[];
  sitePages: Array<[path: string, title: string]>;
  genericTopic: string;
  media: (topic: string, topicSlug: string, reviewed: { name: string; host: string } | null) => Citation[];
  queries: (topic: string | null, country: string | null, brand: string | null, competitor: string | null) => string[];
  otherNames: string[];
};

const PHRASES: Record<Lang, Phrases> = {
  en: {
    intro: (topic) => [
      `Here are the ${topic} options that come up most often in reviews and comparisons:`,
      `Several names stand out for ${topic}. Here is a quick overview:`,
      `It depends on your needs, but these are the ${topic} providers mentioned most often:`,
      `Based on recent reviews and comparisons, here are the main ${topic} options to consider:`,
    ],
    introGeneric: [
      "Here are the options that come up most often in reviews and comparisons:",
      "Several names stand out. Here is a quick overview:",
      "It depends on your needs, but these are the providers mentioned most often:",
    ],
    brand: {
      positive: [
        "a reliable, easy-to-use option that reviewers often recommend.",
        "one of the most popular choices, praised for its intuitive interface and efficient support.",
        "a strong, well-rounded choice trusted by many teams for its robust features.",
        "an excellent fit for growing teams, with affordable plans and a great onboarding experience.",
      ],
      neutral: [
        "a general-purpose option that covers the core needs, with plans for teams of different sizes.",
        "a solution used by many companies, with a feature set similar to the others on this list.",
        "an established provider that offers the usual features and several pricing tiers.",
      ],
      negative: [
        "covers the basics, although some users report complaints about customer support.",
        "a capable tool, but it can feel expensive for small teams.",
        "offers a wide feature set, though reviewers mention drawbacks such as slow loading times.",
        "a known name in the space, but some reviews point to limited integrations compared with newer tools.",
      ],
    },
    other: [
      "a popular choice for larger teams, with extensive integrations.",
      "known for its clean interface and transparent pricing.",
      "a good fit if you need advanced reporting and automation.",
      "a flexible platform with a generous free plan.",
      "often chosen by small businesses for its quick setup.",
      "strong on customer support, though pricing rises quickly as you scale.",
      "an affordable alternative with the essentials covered.",
      "well suited to teams that want a lot of customisation.",
    ],
    closing: [
      "The right choice depends on your budget, team size and the integrations you need, so it is worth trying two or three of them before committing.",
      "Most of these offer a free trial or a demo, so compare them on your own use case before deciding.",
      "If you can, shortlist two options and compare pricing and support during a trial.",
    ],
    sitePages: [
      ["", "Official site"],
      ["pricing", "Pricing"],
      ["features", "Features"],
      ["customers", "Customer stories"],
    ],
    genericTopic: "software",
    media: (topic, topicSlug, reviewed) => [
      { url: `https://www.g2.com/categories/${topicSlug}`, title: `Best ${topic}: reviews and comparison | G2` },
      { url: `https://www.capterra.com/${topicSlug}/`, title: `${topic} reviews | Capterra` },
      { url: `https://www.techradar.com/best/best-${topicSlug}`, title: `The best ${topic} | TechRadar` },
      { url: `https://www.forbes.com/advisor/business/best-${topicSlug}/`, title: `Best ${topic} | Forbes Advisor` },
      { url: `https://www.pcmag.com/picks/the-best-${topicSlug}`, title: `The best ${topic} | PCMag` },
      ...(reviewed ? [{ url: `https://www.trustpilot.com/review/${reviewed.host}`, title: `${reviewed.name} reviews | Trustpilot` }] : []),
    ],
    queries: (topic, country, brand, competitor) => [
      ...(topic ? [`best ${topic}${country ? ` ${country}` : ""}`, `${topic} comparison`] : []),
      ...(brand ? [`${brand} reviews`] : []),
      ...(competitor ? [`${competitor} alternatives`] : []),
    ],
    otherNames: ["Nexora", "Brightwave", "Clearpath", "Lumio", "Stackwell", "Orbitly", "Quillon", "Tandemly", "Corvana", "Zentrio"],
  },
  fr: {
    intro: (topic) => [
      `Voici les acteurs les plus souvent cités en matière ${frenchDe(topic)}, d'après les avis et les comparatifs :`,
      `Plusieurs noms se distinguent en matière ${frenchDe(topic)}. En voici un aperçu :`,
      `Tout dépend de vos besoins, mais voici les solutions qui reviennent le plus souvent en matière ${frenchDe(topic)} :`,
      `D'après les avis et comparatifs récents, voici les principales options en matière ${frenchDe(topic)} :`,
    ],
    introGeneric: [
      "Voici les acteurs les plus souvent cités, d'après les avis et les comparatifs :",
      "Plusieurs noms se distinguent. En voici un aperçu :",
      "Tout dépend de vos besoins, mais voici les solutions qui reviennent le plus souvent :",
    ],
    brand: {
      positive: [
        "une solution fiable et intuitive, souvent recommandée par les utilisateurs.",
        "une solution très appréciée pour sa prise en main simple et son support efficace.",
        "un acteur reconnu, apprécié pour la qualité de son accompagnement.",
        "une option performante et abordable, idéale pour les équipes en croissance.",
      ],
      neutral: [
        "une solution généraliste qui couvre les besoins essentiels, avec plusieurs formules selon la taille de l'équipe.",
        "un acteur établi qui propose les fonctionnalités habituelles et différents niveaux de tarifs.",
        "une solution utilisée par de nombreuses entreprises, avec une offre comparable aux autres solutions de cette liste.",
      ],
      negative: [
        "couvre l'essentiel, mais certains utilisateurs signalent des problèmes de support client.",
        "une offre complète, mais jugée un peu chère pour les petites structures.",
        "un outil fonctionnel, même si les avis mentionnent une prise en main parfois difficile.",
        "un nom connu du secteur, mais son offre d'intégrations reste limitée face aux outils plus récents.",
      ],
    },
    other: [
      "un choix populaire auprès des grandes équipes, avec de nombreuses intégrations.",
      "une solution connue pour son interface claire et ses tarifs transparents.",
      "une bonne option si vous avez besoin de reporting avancé et d'automatisation.",
      "une plateforme flexible, avec une offre gratuite généreuse.",
      "une solution souvent choisie par les PME pour sa mise en place rapide.",
      "un acteur solide côté support client, mais dont les tarifs augmentent vite avec le volume.",
      "une alternative abordable qui couvre l'essentiel.",
      "une offre adaptée aux équipes qui veulent beaucoup personnaliser leurs outils.",
    ],
    closing: [
      "Le bon choix dépend de votre budget, de la taille de votre équipe et des intégrations dont vous avez besoin : testez-en deux ou trois avant de vous engager.",
      "La plupart proposent un essai gratuit ou une démo : comparez-les sur votre propre cas d'usage avant de décider.",
      "Si possible, retenez deux options et comparez les tarifs et le support pendant une période d'essai.",
    ],
    sitePages: [
      ["", "Site officiel"],
      ["tarifs", "Tarifs"],
      ["fonctionnalites", "Fonctionnalités"],
      ["clients", "Témoignages clients"],
    ],
    genericTopic: "logiciels",
    media: (topic, topicSlug, reviewed) => [
      { url: `https://www.journaldunet.com/solutions/${topicSlug}/`, title: `Comparatif ${topic} | JDN` },
      { url: `https://www.lesechos.fr/tech-medias/${topicSlug}`, title: `Bien choisir en matière ${frenchDe(topic)} | Les Echos` },
      { url: `https://www.capterra.fr/directory/${topicSlug}`, title: `Avis et comparatif : ${topic} | Capterra` },
      { url: `https://www.blogdumoderateur.com/comparatif-${topicSlug}/`, title: `Comparatif ${topic} | BDM` },
      { url: `https://www.g2.com/fr/categories/${topicSlug}`, title: `Meilleures solutions : ${topic} | G2` },
      ...(reviewed ? [{ url: `https://fr.trustpilot.com/review/${reviewed.host}`, title: `Avis sur ${reviewed.name} | Trustpilot` }] : []),
    ],
    queries: (topic, country, brand, competitor) => [
      ...(topic ? [`comparatif ${topic}${country ? ` ${country}` : ""}`, `${topic} avis`] : []),
      ...(brand ? [`avis ${brand}`] : []),
      ...(competitor ? [`alternatives ${competitor}`] : []),
    ],
    otherNames: ["Optimeo", "Solvia", "Klaro", "Navelia", "Altiga", "Orizio", "Lumeo", "Kalisto", "Veloria", "Axiome"],
  },
};

/** The question as a search box would take it: lower case, no punctuation, a dozen words at most. */
function searchForm(question: string): string {
  return question
    .toLowerCase()
    .replace(/[?!.,;:«»"“”()]+/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 12)
    .join(" ");
}

type Listed = { name: string; isBrand: boolean; host: string | null };

/** The keyword the question is about, else one the seed picks; never one that names a tracked brand. */
function topicOf(random: Random, question: string, profile: AskProfile | undefined, tracked: string[]): string | null {
  const keywords = (profile?.keywords ?? []).map((keyword) => keyword.trim()).filter((keyword) => keyword && !tracked.some((name) => overlaps(name, keyword)));
  if (keywords.length === 0) return null;
  const asked = keywords.find((keyword) => ` ${fold(question)} `.includes(` ${fold(keyword)} `));
  return asked ?? pick(random, keywords);
}

function compose(input: AskInput): ProviderAnswer {
  const lang: Lang = input.language.trim().toLowerCase().startsWith("fr") ? "fr" : "en";
  const phrases = PHRASES[lang];
  const profile = input.profile;
  const brandName = profile?.brand_name.trim() || null;
  const random = seededRandom(hash(`${input.question.trim()}\u0000${brandName ?? ""}\u0000${input.language.trim().toLowerCase()}`));

  const competitors = (profile?.competitors ?? []).filter((competitor) => competitor.name.trim() && !(brandName && overlaps(brandName, competitor.name)));
  const tracked = [...(brandName ? [brandName, ...(profile?.aliases ?? [])] : []), ...competitors.flatMap((competitor) => [competitor.name, ...competitor.aliases])];
  const topic = topicOf(random, input.question, profile, tracked);

  // A question that names the brand gets an answer that speaks of it; otherwise about a third leave it out.
  const brandAsked = brandName !== null && ` ${fold(input.question)} `.includes(` ${fold(brandName)} `);
  const brandPresent = brandName !== null && (brandAsked || random() >= 1 / 3);
  const toneDraw = random();
  const tone: Tone = toneDraw < 0.5 ? "positive" : toneDraw < 0.8 ? "neutral" : "negative";

  const chosenCompetitors = shuffled(random, competitors).slice(0, competitors.length ? between(random, 1, Math.min(3, competitors.length)) : 0);
  const slots = profile ? between(random, 1, 3) : between(random, 3, 5);
  const otherCount = Math.max(slots, 3 - chosenCompetitors.length - (brandPresent ? 1 : 0));
  const others = shuffled(random, phrases.otherNames)
    .filter((name) => !tracked.some((known) => overlaps(known, name)))
    .slice(0, Math.min(otherCount, 6 - chosenCompetitors.length - (brandPresent ? 1 : 0)));

  const listed: Listed[] = shuffled(random, [
    ...chosenCompetitors.map((competitor) => ({ name: competitor.name.trim(), isBrand: false, host: hostOf(competitor.domain) })),
    ...others.map((name) => ({ name, isBrand: false, host: null })),
  ]);
  const brandHost = hostOf(profile?.website_url);
  if (brandPresent && brandName) {
    // Skewed towards the top, as assistants tend to lead with the names they know best.
    const position = Math.min(listed.length, Math.floor(random() ** 1.6 * (listed.length + 1)));
    listed.splice(position, 0, { name: brandName, isBrand: true, host: brandHost });
  }

  const numbered = random() < 0.75;
  const descriptions = shuffled(random, phrases.other);
  const lines = listed.map((item, index) => {
    const marker = numbered ? `${index + 1}.` : "-";
    const description = item.isBrand ? pick(random, phrases.brand[tone]) : descriptions[index % descriptions.length];
    return `${marker} **${item.name}** — ${description}`;
  });
  const intro = pick(random, topic ? phrases.intro(topic) : phrases.introGeneric);
  const text = [intro, "", ...lines, "", pick(random, phrases.closing)].join("\n");

  const citations = citationsFor(random, phrases, topic, listed);
  const country = countryName(input.country, lang);
  const firstCompetitor = listed.find((item) => !item.isBrand && competitors.some((competitor) => competitor.name.trim() === item.name));
  const candidates = [
    searchForm(input.question),
    ...phrases.queries(topic, country, brandPresent && random() < 0.5 ? brandName : null, firstCompetitor && random() < 0.4 ? firstCompetitor.name : null),
  ];
  const search_queries = [...new Set(candidates.filter(Boolean))].slice(0, between(random, 2, 3));
  if (search_queries.length < 2) search_queries.push(lang === "fr" ? `comparatif ${search_queries[0] ?? ""}`.trim() : `${search_queries[0] ?? ""} comparison`.trim());

  return { text, model: DEMO_MODEL, citations, search_queries };
}

/** Sources as assistants cite them: now and then the brand's own site, competitors' sites, review and media pages. */
function citationsFor(random: Random, phrases: Phrases, topic: string | null, listed: Listed[]): Citation[] {
  const sites: Citation[] = [];
  const brand = listed.find((item) => item.isBrand);
  if (brand?.host && random() < 0.5) {
    const [path, title] = pick(random, phrases.sitePages);
    sites.push({ url: `https://${brand.host}/${path}`, title: `${brand.name} — ${title}` });
  }
  const competitorSites = listed.filter((item) => !item.isBrand && item.host);
  for (const item of shuffled(random, competitorSites).slice(0, between(random, 0, Math.min(2, competitorSites.length)))) {
    const [path, title] = pick(random, phrases.sitePages);
    sites.push({ url: `https://${item.host}/${path}`, title: `${item.name} — ${title}` });
  }
  const withSite = listed.filter((item) => item.host);
  const reviewedItem = withSite.length ? pick(random, withSite) : null;
  const reviewed = reviewedItem?.host ? { name: reviewedItem.name, host: bareHost(reviewedItem.host) } : null;
  const label = topic ?? phrases.genericTopic;
  const media = shuffled(random, phrases.media(label, slug(label), reviewed)).slice(0, Math.max(2 - sites.length, between(random, 1, 3)));
  const unique = new Map<string, Citation>();
  for (const citation of shuffled(random, [...sites, ...media])) if (!unique.has(citation.url)) unique.set(citation.url, citation);
  return [...unique.values()].slice(0, 5);
}

function aborted(signal: AbortSignal): ProviderError {
  return new ProviderError("timeout", "The demo answer was cancelled before it was ready.", { cause: signal.reason });
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(aborted(signal));
      return;
    }
    if (ms <= 0) {
      resolve();
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      if (signal) reject(aborted(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function createDemoProvider(options: { delayMs?: number } = {}): AiProvider {
  return {
    id: "demo",
    label: "Demo",
    model: DEMO_MODEL,
    simulated: true,
    async ask(input: AskInput): Promise<ProviderAnswer> {
      const answer = compose(input);
      // Long enough for the UI to show the run as "processing", varied so answers do not land in lockstep.
      const delay = options.delayMs ?? 300 + (hash(`${input.question}\u0000delay`) % 601);
      await wait(delay, input.signal);
      return answer;
    },
  };
}
