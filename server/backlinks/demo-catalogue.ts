import type { Currency, LinkType, SiteCategory, SiteLanguage } from "#domain/backlinks";
import { seededRandom } from "../seeded-random";
import type { SiteInput } from "./site-input";

/**
 * The catalogue a demo instance starts with: sixty invented publications (none is a real brand),
 * their metrics and prices drawn from a generator seeded by each domain, so the same sites come out
 * on every run and adding one site leaves the others' figures as they were.
 */

/** domain, category, language, country, path of a sample article */
type Profile = readonly [domain: string, category: SiteCategory, language: SiteLanguage, country: string, samplePath: string];

// Five sites per category, so each filter of the demo shows a handful of choices.
const PROFILES: readonly Profile[] = [
  ["founders-ledger.com", "business", "en", "US", "/articles/hiring-your-first-operations-lead"],
  ["smallbiz-compass.co.uk", "business", "en", "GB", "/guides/vat-registration-for-sole-traders"],
  ["le-journal-des-entrepreneurs.fr", "business", "fr", "FR", "/actualites/financer-sa-creation-d-entreprise"],
  ["mittelstand-kompass.de", "business", "de", "DE", "/ratgeber/nachfolge-im-familienunternehmen"],
  ["maple-enterprise-review.com", "business", "en", "CA", "/insights/cross-border-expansion-for-small-firms"],
  ["growth-signal-weekly.com", "marketing", "en", "US", "/posts/b2b-newsletter-benchmarks"],
  ["brandcraft-notes.co.uk", "marketing", "en", "GB", "/blog/rebranding-a-family-business"],
  ["le-marketeur-digital.fr", "marketing", "fr", "FR", "/articles/strategie-de-contenu-b2b"],
  ["contentlab-insights.io", "marketing", "en", "AU", "/blog/local-seo-for-independent-retailers"],
  ["marketing-en-accion.es", "marketing", "es", "ES", "/blog/como-medir-el-retorno-de-una-campana"],
  ["stackwise-daily.io", "technology", "en", "US", "/news/choosing-a-background-job-queue"],
  ["circuit-and-cloud.co.uk", "technology", "en", "GB", "/reviews/budget-mesh-wifi-compared"],
  ["numerique-au-quotidien.fr", "technology", "fr", "FR", "/guides/securiser-son-reseau-domestique"],
  ["techniek-vandaag.nl", "technology", "nl", "NL", "/artikelen/zonnepanelen-slim-koppelen"],
  ["quellcode-magazin.de", "technology", "de", "DE", "/artikel/typsichere-apis-im-alltag"],
  ["fintech-weekly.co.uk", "finance", "en", "GB", "/analysis/open-banking-adoption-in-the-uk"],
  ["pennywise-horizons.com", "finance", "en", "US", "/money/high-yield-savings-explained"],
  ["epargne-et-patrimoine.fr", "finance", "fr", "FR", "/conseils/assurance-vie-ou-plan-epargne-retraite"],
  ["finanza-per-tutti.it", "finance", "it", "IT", "/guide/come-iniziare-a-investire"],
  ["loonie-ledger.com", "finance", "en", "CA", "/personal-finance/tax-free-savings-accounts-explained"],
  ["wellspring-journal.com", "health", "en", "US", "/wellness/sleep-habits-that-stick"],
  ["sante-au-naturel.fr", "health", "fr", "FR", "/bien-etre/bienfaits-de-la-marche-quotidienne"],
  ["vivir-sano-hoy.es", "health", "es", "ES", "/salud/desayunos-equilibrados"],
  ["fit-and-steady.co.uk", "health", "en", "GB", "/training/couch-to-10k-plan"],
  ["mieux-vivre-wallonie.org", "health", "fr", "BE", "/sante/gerer-le-stress-au-travail"],
  ["northbound-traveller.com", "travel", "en", "GB", "/journeys/norway-by-coastal-ferry"],
  ["carnets-de-route-alpins.com", "travel", "fr", "CH", "/recits/tour-du-lac-a-velo"],
  ["red-dirt-roads.net", "travel", "en", "AU", "/trips/kimberley-road-trip-planner"],
  ["viaggiatori-curiosi.it", "travel", "it", "IT", "/itinerari/weekend-nelle-langhe"],
  ["compass-and-carry-on.com", "travel", "en", "US", "/guides/packing-light-for-two-weeks"],
  ["la-vie-en-douceur.fr", "lifestyle", "fr", "FR", "/art-de-vivre/rituels-du-dimanche"],
  ["everyday-elegance.co.uk", "lifestyle", "en", "GB", "/style/capsule-wardrobe-for-autumn"],
  ["slow-sunday-magazine.com", "lifestyle", "en", "US", "/living/digital-detox-weekend"],
  ["leefstijl-lokaal.nl", "lifestyle", "nl", "NL", "/blog/duurzaam-leven-in-de-stad"],
  ["alltag-mit-stil.net", "lifestyle", "de", "AT", "/leben/minimalismus-im-wohnalltag"],
  ["la-maison-renovee.fr", "home", "fr", "FR", "/travaux/isoler-ses-combles"],
  ["hearth-and-beam.com", "home", "en", "US", "/projects/restoring-hardwood-floors"],
  ["garden-shed-diaries.co.uk", "home", "en", "GB", "/garden/raised-beds-on-a-budget"],
  ["casa-y-jardin-hoy.es", "home", "es", "ES", "/hogar/ideas-para-terrazas-pequenas"],
  ["true-north-home-reno.com", "home", "en", "CA", "/renovation/winterproofing-old-windows"],
  ["la-cuisine-du-marche.fr", "food", "fr", "FR", "/recettes/tarte-aux-poireaux"],
  ["weeknight-skillet.com", "food", "en", "US", "/recipes/one-pan-lemon-chicken"],
  ["sunday-roast-club.co.uk", "food", "en", "GB", "/recipes/perfect-yorkshire-puddings"],
  ["tavola-di-casa.it", "food", "it", "IT", "/ricette/risotto-alla-zucca"],
  ["keuken-van-vlaanderen.org", "food", "nl", "BE", "/recepten/stoofvlees-met-frietjes"],
  ["touchline-tactics.co.uk", "sports", "en", "GB", "/analysis/pressing-traps-explained"],
  ["trail-and-tempo.com", "sports", "en", "US", "/running/first-ultramarathon-training"],
  ["le-vestiaire-du-sport.fr", "sports", "fr", "FR", "/rugby/preparation-physique-hors-saison"],
  ["bergsport-bericht.com", "sports", "de", "CH", "/touren/klettersteige-fuer-einsteiger"],
  ["southern-cross-sport.net", "sports", "en", "AU", "/cricket/pitch-reports-explained"],
  ["classroom-compass.org", "education", "en", "US", "/teaching/project-based-learning-ideas"],
  ["revision-corner.co.uk", "education", "en", "GB", "/exams/maths-revision-timetable"],
  ["apprendre-autrement.fr", "education", "fr", "FR", "/pedagogie/apprendre-a-lire-en-jouant"],
  ["aprender-sin-limites.es", "education", "es", "ES", "/educacion/tecnicas-de-estudio-eficaces"],
  ["lernwerkstatt-online.de", "education", "de", "DE", "/lernen/mathe-spielerisch-ueben"],
  ["the-riverside-courier.com", "news", "en", "US", "/local/city-council-budget-vote"],
  ["midlands-morning-post.co.uk", "news", "en", "GB", "/news/new-rail-link-consultation"],
  ["l-echo-des-regions.fr", "news", "fr", "FR", "/regions/la-fibre-arrive-dans-les-villages"],
  ["le-quotidien-bruxellois.com", "news", "fr", "BE", "/bruxelles/nouveau-plan-de-mobilite"],
  ["le-fil-du-saint-laurent.com", "news", "fr", "CA", "/actualites/budget-municipal-de-la-ville"],
];

/**
 * The catalogue sells in three currencies only, so Canadian and Australian publishers price in US
 * dollars and Swiss ones in euros, as many do when selling abroad.
 */
export const DEMO_CURRENCY_BY_COUNTRY: Readonly<Record<string, Currency>> = {
  US: "USD",
  CA: "USD",
  AU: "USD",
  GB: "GBP",
  FR: "EUR",
  BE: "EUR",
  CH: "EUR",
  DE: "EUR",
  AT: "EUR",
  ES: "EUR",
  IT: "EUR",
  NL: "EUR",
};

const MIN_SCORE = 5;
const MAX_SCORE = 92;
const MIN_TRAFFIC = 800;
const MAX_TRAFFIC = 4_500_000;

type Random = () => number;

/** FNV-1a: a stable 32-bit seed per domain. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Publishers quote round figures: three significant digits reads like an analytics tool's estimate. */
function roundTraffic(value: number): number {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 2);
  return clamp(Math.round(value / step) * step, MIN_TRAFFIC, MAX_TRAFFIC);
}

/** Visits grow exponentially with DR, with enough noise that a high DR does not promise traffic. */
function trafficFor(dr: number, random: Random): number {
  const position = clamp((dr - MIN_SCORE) / (MAX_SCORE - MIN_SCORE) + (random() - 0.5) * 0.4, 0, 1);
  return roundTraffic(MIN_TRAFFIC * (MAX_TRAFFIC / MIN_TRAFFIC) ** position);
}

/**
 * A whole price in [low, high] major units nearest to target, in cents; most sellers end on a 9
 * (149, 249), the rest on a 0 or 5, and the range wins over the habit when they disagree.
 */
function sellerPrice(random: Random, target: number, low: number, high: number): number {
  const endsWell = random() < 0.75 ? (units: number) => units % 10 === 9 : (units: number) => units % 5 === 0;
  const whole = Array.from({ length: Math.floor(high) - Math.ceil(low) + 1 }, (_, i) => Math.ceil(low) + i);
  const preferred = whole.filter(endsWell);
  const candidates = preferred.length > 0 ? preferred : whole;
  const nearest = candidates.reduce((best, units) => (Math.abs(units - target) < Math.abs(best - target) ? units : best));
  return nearest * 100;
}

function twelveMonthsOf(random: Random, permanent: number): number {
  const units = permanent / 100;
  return sellerPrice(random, units * between(random, 0.6, 0.7), units * 0.6, units * 0.7);
}

/** All four prices a site would ask; which of them it actually sells is decided apart. */
function priceList(dr: number, random: Random): Record<LinkType, number> {
  const insertionTarget = 45 + 355 * (0.6 * ((dr - MIN_SCORE) / (MAX_SCORE - MIN_SCORE)) + 0.4 * random());
  const insertion = sellerPrice(random, insertionTarget, 40, 400);
  const units = insertion / 100;
  const article = sellerPrice(random, units * between(random, 1.3, 2), units * 1.3, units * 2);
  return {
    sponsored_article_permanent: article,
    sponsored_article_12_months: twelveMonthsOf(random, article),
    link_insertion_permanent: insertion,
    link_insertion_12_months: twelveMonthsOf(random, insertion),
  };
}

const BOTH_KINDS: readonly (readonly LinkType[])[] = [
  ["sponsored_article_permanent", "sponsored_article_12_months", "link_insertion_permanent", "link_insertion_12_months"],
  ["sponsored_article_permanent", "link_insertion_permanent"],
  ["sponsored_article_permanent", "sponsored_article_12_months", "link_insertion_permanent"],
  ["sponsored_article_permanent", "link_insertion_permanent", "link_insertion_12_months"],
  ["sponsored_article_12_months", "link_insertion_12_months"],
];
const ARTICLES_ONLY: readonly LinkType[] = ["sponsored_article_permanent", "sponsored_article_12_months"];
const INSERTIONS_ONLY: readonly LinkType[] = ["link_insertion_permanent", "link_insertion_12_months"];

/** One site in five (one per category) sells a single kind of link; the other 48 sell both. */
function offeredTypes(index: number, random: Random): readonly LinkType[] {
  if (index % 5 === 2) return index % 10 === 2 ? ARTICLES_ONLY : INSERTIONS_ONLY;
  return BOTH_KINDS[Math.floor(random() * BOTH_KINDS.length)];
}

/**
 * The shares the demo must show (single-kind sellers, one site in seven nofollow, three in ten
 * without a sample) follow from position, not chance: sixty coin tosses would drift from them.
 */
function demoSite([domain, category, language, country, samplePath]: Profile, index: number): SiteInput {
  const random = seededRandom(seedOf(domain));
  const dr = MIN_SCORE + Math.floor(random() * (MAX_SCORE - MIN_SCORE + 1));
  const da = clamp(dr + Math.round(between(random, -15, 15)), MIN_SCORE, MAX_SCORE);
  const url = random() < 0.6 ? `https://www.${domain}` : `https://${domain}`;
  const prices = priceList(dr, random);
  return {
    url,
    dr,
    da,
    traffic: trafficFor(dr, random),
    currency: DEMO_CURRENCY_BY_COUNTRY[country],
    category,
    language,
    country,
    dofollow: index % 7 !== 4,
    turnaround_days: 2 + Math.floor(random() ** 1.5 * 20),
    sample_url: [3, 6, 9].includes(index % 10) ? null : `${url}${samplePath}`,
    offers: Object.fromEntries(offeredTypes(index, random).map((type) => [type, prices[type]])),
  };
}

export function demoSites(): SiteInput[] {
  return PROFILES.map(demoSite);
}
