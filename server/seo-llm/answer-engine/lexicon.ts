/**
 * The sentiment vocabulary, English and French, accent-free and lower-case like the text it is
 * matched on. Weights: 1 for an ordinary judgement, 2 for a strong one ("best", "avoid").
 * French adjectives are listed once and expanded to their feminine and plural forms.
 */

const words = (list: string) => list.split(/\s+/).filter(Boolean);

/** "fiable" → fiable, fiables; "lent" → lent, lente, lents, lentes; "couteux" → couteuse(s); "actif" → active(s). */
function frenchForms(list: string): string[] {
  return words(list).flatMap((base) => {
    if (base.endsWith("eux")) return [base, `${base.slice(0, -1)}se`, `${base.slice(0, -1)}ses`];
    if (base.endsWith("if")) return [base, `${base}s`, `${base.slice(0, -1)}ve`, `${base.slice(0, -1)}ves`];
    // Accents are gone, so "adapte" may be "adapté": its feminine "adaptée" is listed too.
    if (base.endsWith("e")) return [base, `${base}s`, `${base}e`, `${base}es`];
    if (base.endsWith("el")) return [base, `${base}s`, `${base}le`, `${base}les`];
    if (base.endsWith("s") || base.endsWith("x")) return [base, `${base}e`, `${base}es`];
    return [base, `${base}s`, `${base}e`, `${base}es`];
  });
}

const POSITIVE_EN = words(`
  good great excellent outstanding easier simpler smoother prefer prefers preferred exceptional superb fantastic amazing impressive solid strong robust powerful reliable dependable
  trusted trustworthy reputable popular recommended recommend recommends favourite favorite leading leader leaders top intuitive easy
  easiest simple seamless smooth polished clean elegant affordable cheap cheaper inexpensive competitive generous fair transparent
  responsive helpful friendly knowledgeable attentive courteous efficient fast faster quick quicker snappy secure safe stable
  innovative versatile flexible comprehensive complete rich feature-rich scalable accurate valuable worthwhile ideal perfect
  well-suited suited praised praise praises loved love loves beloved acclaimed award-winning standout shines shine excels excel
  outperforms outperform beats beat surpasses leads wins win winner best-in-class go-to premier favoured favored benefit benefits
  advantage advantages strength strengths improved improves intuitively excellent-value bargain convenient
  accessible user-friendly straightforward thoughtful delightful enjoy enjoys happy satisfied satisfaction smart clever capable
  effective effectively well-designed well-built durable sturdy comfortable stylish high-quality reliable standout cheapest lightest fastest strongest safest smartest bulletproof top-notch top-rated first-rate
  undercuts undercut ahead superior better stellar terrific wonderful brilliant consistent consistently resilient
  recommendable worth glowing thrive thriving successful success unbeatable unmatched unrivalled unrivaled
  underrated snappy slick sleek refined painless hassle-free frictionless effortless rock-solid battle-tested proven mature
  well-documented well-supported gorgeous beautiful lovely no-brainer must-have game-changer lifesaver life-saver safer smarter
  sharper crisper quieter roomier friendlier cleaner reassuring impeccable flawless spotless seamless unrivalled robust
  wallet-friendly budget-friendly dependable trustworthy favourite champion practical lightweight indestructible speedy
  enthusiastic rigorous credible nice-looking well-kept well-made well-finished roomy spacious configurable pleasant simplest neat sensible`);
const NEGATIVE_EN = words(`
  bad poor poorly weak worse mediocre disappointing disappointed disappoints frustrating frustrated frustrates annoying
  expensive pricey overpriced costly steep pricier dearer unreliable unstable buggy glitchy laggy slow slower sluggish clunky
  bloated dated outdated old-fashioned confusing complicated complex convoluted cumbersome difficult hard harder limited limiting
  limitation limitations lacking lacks lack missing inferior lags lag lagging trails trail drawback drawbacks
  downside downsides issue issues problem problems complaint complaints complain complained criticism criticised criticized
  critics criticize criticise concern concerns worry worries risk risky outage outages downtime breach breaches leak leaks recall
  recalls lawsuit lawsuits fined scandal controversy controversial scam scams fraud fraudulent penalty penalties recalled misled mislead misleading
  unhelpful rude unresponsive unreachable slowdowns crash crashes crashing bug bugs error errors fail fails failure failures
  failed broken clumsy awkward restrictive rigid steep overkill underwhelming lackluster lacklustre inconsistent inconsistently
  struggle struggles struggling declining decline declined mixed overrated noisy cluttered expensive-ish hike hikes hiked increase
  annoyances frustration frustrations headache headaches nightmare painful pain weakness weaknesses shortcoming shortcomings
  unclear opaque misleading deceptive spammy intrusive invasive cheap-feeling flimsy fragile delays delayed delay late lost
  fiddly finicky flaky patchy spotty shaky janky unintuitive overcomplicated overwhelming underpowered heavier bulkier noisier weaker
  gimmick gimmicky disaster bankrupt bankruptcy uncertain uncertainty backlash stutters stutter freezes freeze froze glitches
  quirks barebones bare-bones subpar sub-par shoddy overhyped unimpressive middling forgettable tedious inflexible cramped
  uncomfortable discontinued abandoned stagnant neglected vulnerable insecure unsafe surcharge surcharges upsell upsells upselling
  paywall paywalled lock-in throttled throttling bloatware pushy inaccessible worst-rated downgrade downgraded unreliable
  meh nah runaround underdelivers overpromises gripe gripes wary cautious caveat caveats workaround workarounds lousy outgrow outgrew outgrown
  crowded overcrowded slows frustrate shallow superficial restricted condescending arrogant dismissive snooty impolite haughty
  questionable debatable dubious disputed contested`);
const STRONG_EN = new Map<string, number>([
  ["best", 2], ["excellent", 2], ["outstanding", 2], ["exceptional", 2], ["superb", 2], ["fantastic", 2], ["stellar", 2],
  ["unbeatable", 2], ["unmatched", 2], ["worst", -2], ["terrible", -2], ["awful", -2], ["horrible", -2], ["avoid", -2],
  ["scam", -2], ["nightmare", -2], ["dreadful", -2], ["abysmal", -2], ["atrocious", -2], ["useless", -2], ["disastrous", -2],
]);

const POSITIVE_FR = [
  ...frenchForms(`bon excellent exceptionnel sympa sympathique ponctuel joignable raisonnable remarquable formidable superbe genial solide robuste puissant fiable reconnu populaire
    recommande apprecie plebiscite intuitif simple fluide abordable competitif genereux transparent reactif
    competent aimable serviable chaleureux efficace rapide securise stable innovant polyvalent flexible complet riche evolutif
    precis ideal parfait accessible clair agreable satisfait performant moderne ergonomique elegant soigne
    incontournable imbattable avantageux economique rentable attractif attrayant interessant convaincant qualitatif
    impeccable irreprochable pertinent utile adapte superieur durable leger
    rassurant bluffant epatant serieux honnete abouti eprouve rode securisant convivial accueillant souriant professionnel
    arrangeant attentionne passionne chaleureux coherent recommandable ameliore credible`),
  ...words(`bonne bonnes meilleur meilleure meilleurs meilleures mieux atout atouts avantage avantages
    excelle excellent brille seduit seduisent surpasse devance domine reussit succes bravo plebiscite plait
    recommande recommandons recommanderais recommanderions conseille conseillons conseillerais ravi ravis ravie fierte apprecie apprecient aime adorent
    salue saluent saluee salues saluees gagne gagnent pratique pratiques spacieux spacieuse spacieuses confortable confortables recommander configurable
    configurables`),
];
const NEGATIVE_FR = [
  ...frenchForms(`mauvais mediocre decevant lent cher couteux onereux limite complique complexe confus difficile lourd
    obsolete depasse instable bugge fragile faible inferieur insuffisant injoignable indisponible desagreable
    frustrant penible opaque trompeur abusif excessif rigide restrictif critique conteste dangereux lacunaire epuisant
    brouillon vieillissant inadapte inutile incomplet absent agressif intrusif mitige decu lent lourd
    fastidieux laborieux poussif capricieux aleatoire inegal vieillot surcote surfait basique sommaire rudimentaire encombrant
    bruyant alambique penalisant incertain peu-fiable redhibitoire bonde superficiel restreint hautain arrogant condescendant meprisant impoli
    discutable douteux`),
  ...words(`pire pires manque manques manquent lacune lacunes defaut defauts inconvenient inconvenients probleme problemes
    souci soucis bug bugs panne pannes plainte plaintes reproche reproches critique critiques critiquent deception deceptions
    decoit decoivent penalise penalisent patit patissent souffre souffrent peine lenteur lenteurs hausse hausses
    augmentation arnaque arnaques litige litiges amende amendes scandale polemique retard retards incident incidents faille failles
    fuite fuites rappel risque risques recul chute perd perdent inquietude inquietudes galere
    frustration frustrations limitation limitations limite limites ecueil ecueils bemol bemols derive derives
    plantage plantages plante plantent bogue bogues dysfonctionnement dysfonctionnements faillite handicap polemiques grimpe grimpent
    flambe flambent envolent deconseille deconseillee deconseillees deconseilles deconseillons regrette regrettent regrettons deplore deplorent galeres rame epingle epinglee
    trainent difficultes`),
];

/**
 * A brand placed in the middle ("mid-table", "middle of the pack", "hit and miss", "correct, sans
 * plus", "remains to be seen"): the answer's own summary of it as neither praised nor criticised,
 * which outweighs the judgements around it unless the answer recommends it. Each is also a phrase
 * (below) with what it weighs on its own.
 */
const MIDDLING_PHRASES: Array<[string, number]> = [
  ["mid-table", 0], ["middle of the pack", 0], ["middle of the road", 0], ["middle-of-the-road", 0],
  ["hit and miss", -1], ["hit or miss", -1], ["hit-or-miss", -1], ["hit-and-miss", -1],
  ["dans la moyenne", 0], ["sans plus", 0], ["correct sans plus", 0],
  ["nothing special", 0], ["nothing exceptional", 0], ["rien d'exceptionnel", 0], ["rien de special", 0], ["rien de transcendant", 0],
  // A verdict put off ("À suivre.", "remains to be seen") places the brand in the middle for now.
  ["a suivre", 0], ["reste a voir", 0], ["reste a prouver", 0], ["remains to be seen", 0], ["time will tell", 0],
  ["jury is still out", 0], ["jury's still out", 0], ["wait and see", 0],
];
export const MIDDLING = new Set(MIDDLING_PHRASES.map(([phrase]) => phrase));

/** Phrases, matched on whole words; each counts once, and its words are not counted again. */
export const PHRASES: Array<[string, number]> = [
  ["la reference", 1], ["bon plan", 1], ["repute pour", 1], ["reputes pour", 1], ["reputee pour", 1], ["reputees pour", 1],
  ["ralentit", -1], ["ralentissent", -1], ["low price", 0.5], ["low prices", 0.5], ["prix bas", 0.5],
  ["value for money", 1], ["bang for the buck", 1], ["bang for your buck", 1], ["easy to use", 1], ["easy to set up", 1],
  ["stands out", 1], ["stand out", 1], ["worth it", 1], ["worth the money", 1], ["worth every penny", 2], ["top pick", 1],
  ["first choice", 1], ["best choice", 2], ["go to", 0], ["a breeze", 1], ["hard to beat", 2], ["second to none", 2],
  ["highly rated", 1], ["well reviewed", 1], ["well regarded", 1], ["well-regarded", 1], ["highly regarded", 1],
  ["gold standard", 2], ["industry standard", 1], ["market leader", 1], ["ahead of", 1], ["head and shoulders", 2],
  ["falls short", -1], ["fall short", -1], ["fell short", -1], ["lags behind", -1], ["lag behind", -1], ["behind the curve", -1],
  ["learning curve", -1], ["steep learning curve", -1], ["price hike", -1], ["price hikes", -1], ["price increase", -1],
  ["price increases", -1], ["hidden fees", -1], ["hidden costs", -1], ["customer complaints", -1], ["not worth", -1],
  ["left a lot to be desired", -1], ["leaves a lot to be desired", -1], ["leaves much to be desired", -1],
  // Mixed reviews report praise and criticism both, a mild mark against the brand rather than a complaint.
  ["mixed reviews", -0.5], ["mixed feedback", -0.5], ["mixed ratings", -0.5], ["poor reviews", -1], ["bad press", -1], ["red flag", -1],
  ["red flags", -1], ["think twice", -1], ["steer clear", -2], ["stay away", -2], ["out of reach", -1], ["on the expensive side", -1],
  ["on the pricey side", -1], ["at a premium", -1], ["rough edges", -1], ["hard to reach", -1], ["long wait times", -1],
  ["wait times", -1], ["hold times", -1], ["data breach", -1], ["went down", -1], ["catching up", -1], ["playing catch-up", -1],
  ["in the lead", 1], ["leads the pack", 2], ["leading the pack", 2], ["best in class", 2], ["best-in-class", 2],
  ["bon rapport qualite-prix", 1], ["excellent rapport qualite-prix", 2], ["meilleur rapport qualite-prix", 2],
  ["mauvais rapport qualite-prix", -1], ["rapport qualite-prix", 1], ["rapport qualite prix", 1], ["qualite-prix", 1], ["bon rapport", 1], ["excellent rapport", 2],
  ["laisse a desirer", -1], ["laissent a desirer", -1], ["frais caches", -1], ["hors de prix", -1], ["a la traine", -1],
  ["en retrait", -1], ["en perte de vitesse", -1], ["pas a la hauteur", -1], ["n'est pas a la hauteur", -1],
  ["ne sont pas a la hauteur", -1], ["retours mitiges", -0.5], ["avis mitiges", -0.5], ["avis partages", -0.5], ["retours partages", -0.5], ["service client injoignable", -1],
  ["mauvaise reputation", -1], ["bonne reputation", 1], ["excellente reputation", 2], ["tire son epingle du jeu", 1],
  ["fait l'unanimite", 2], ["valeur sure", 1], ["point faible", -1], ["points faibles", -1], ["point fort", 1],
  ["points forts", 1], ["tete de liste", 1], ["en tete", 1], ["premier choix", 1], ["facile a utiliser", 1],
  ["prise en main", 0], ["prise en main facile", 1], ["courbe d'apprentissage", -1], ["hausse de prix", -1],
  ["hausse des prix", -1], ["hausses de prix", -1], ["hausses tarifaires", -1], ["hausse tarifaire", -1], ["temps d'attente", -1],
  ["ne convainc pas", -1], ["ne convainquent pas", -1], ["ne convainc plus", -1], ["tient ses promesses", 1],
  ["tient la route", 1], ["sans frais caches", 1], ["sans surprise", 1], ["sans accroc", 1], ["sans probleme", 1],
  ["se distingue", 1], ["se distinguent", 1], ["un vrai plus", 1], ["sans hesiter", 2], ["clairement au-dessus", 2], ["au-dessus du lot", 2],
  ["de qualite", 1], ["haute qualite", 1],
  // Quality said to vary is no praise of it: "de qualité très variable", "of variable quality".
  ["de qualite variable", 0], ["de qualite tres variable", 0], ["de qualite inegale", -1], ["de qualite tres inegale", -1],
  ["of variable quality", 0], ["of uneven quality", -1], ["of mixed quality", 0], ["bonne qualite", 1], ["mauvaise qualite", -1], ["high quality", 1], ["poor quality", -1],
  ["prix inferieur", 1], ["prix plus bas", 1], ["lower price", 1], ["lower prices", 1], ["limited company", 0], ["limited companies", 0],
  ["price bump", -1], ["price hike", -1], ["takes forever", -1], ["a joke", -1], ["my pick", 1], ["our pick", 1],
  ["mon choix", 1], ["notre choix", 1], ["pas donne", -1], ["laisse franchement a desirer", -1], ["laisse vraiment a desirer", -1],
  ["pas partout", -1], ["better value", 1], ["better-value", 1], ["great value", 2], ["good value", 1], ["poor value", -1],
  ["i'd suggest", 1], ["i'd recommend", 1], ["i'd lean toward", 1], ["i'd lean towards", 1], ["i'd pick", 1], ["i'd go with", 1],
  ["would suggest", 1], ["would recommend", 1], ["one to beat", 1], ["worth a look", 1], ["worth trying", 1], ["a essayer", 1],
  ["je conseillerais", 1], ["je recommanderais", 1], ["watch out for", -1], ["attention au", -1], ["attention aux", -1], ["attention a la", -1], ["attention a l'", -1], ["be careful with", -1], ["prudent avec", -1],
  ["higher prices", -0.5], ["prices are higher", -0.5], ["higher fees", -0.5], ["prix plus eleves", -0.5], ["tarifs plus eleves", -0.5],
  ["frais plus eleves", -0.5], ["prix sont plus eleves", -0.5], ["tarifs sont plus eleves", -0.5], ["frais sont plus eleves", -0.5], ["couts plus eleves", -0.5], ["a prix d'or", -1], ["lui reprochent", -1], ["reprochent", -1],
  ["hard to recommend", -1], ["difficult to recommend", -1], ["hard to justify", -1], ["difficile a recommander", -1],
  ["difficile a justifier", -1],
  ["a eviter", -2], ["prix eleves", -1], ["prix eleve", -1], ["tarifs eleves", -1], ["tarif eleve", -1], ["frais eleves", -1],
  // Reports of others, in reviews, mostly introduce a problem ("some owners report the wheels wear fast").
  ["users report", -0.75], ["customers report", -0.75], ["owners report", -0.75], ["buyers report", -0.75], ["reviewers report", -0.75],
  ["users have reported", -0.75], ["owners have reported", -0.75], ["customers have reported", -0.75], ["reviews point to", -0.75],
  ["utilisateurs signalent", -0.75], ["acheteurs signalent", -0.75], ["clients signalent", -0.75], ["utilisateurs se plaignent", -1],
  ["clients se plaignent", -1], ["se plaignent", -1],
  ["most common choice", 1], ["most popular", 0.5], ["plus populaire", 0.5], ["plus populaires", 0.5], ["most widely used", 0.5], ["widely used", 0.5], ["widely adopted", 0.5], ["most trusted", 1],
  ["costs climb", -1], ["prices climb", -1], ["costs rise", -1], ["prices rise", -1], ["rates rise", -1], ["costs add up", -1],
  ["add up", -0.5], ["adds up", -0.5], ["added up", -0.5], ["harder to recommend", -1], ["complained-about", -1], ["most complained about", -1], ["grimpe vite", -1],
  // Scores and ratings, and the lukewarm verdicts that only describe: "correct, sans plus", "perfectly serviceable".
  ["scores well", 1], ["score well", 1], ["scored well", 1], ["scores highly", 1], ["rated highly", 1], ["rate it highly", 1],
  ["rate highly", 1], ["above average", 1], ["scores poorly", -1], ["score poorly", -1], ["scored poorly", -1], ["below average", -1],
  ["lowest prices", 0.5], ["lowest fees", 0.5], ["lowest price", 0.5], ["bien note", 1], ["bien notee", 1], ["bien notes", 1],
  ["bien notees", 1], ["tres bien note", 1], ["tres bien notee", 1], ["put its prices up", -1], ["put prices up", -1],
  // A company's failing is a warning about it: "financial difficulties", "went into administration", "redressement judiciaire".
  ["financial difficulties", -1], ["financial trouble", -1], ["financial troubles", -1], ["into administration", -1],
  ["into receivership", -1], ["insolvency", -1], ["insolvent", -1], ["redressement judiciaire", -1], ["liquidation judiciaire", -1],
  // Quality that falls is criticism (prices that fall are not): "la qualité a baissé", "quality has slipped".
  ["qualite a baisse", -1], ["qualite baisse", -1], ["qualite a diminue", -1], ["qualite s'est degradee", -1], ["quality has dropped", -1],
  ["quality dropped", -1], ["quality has slipped", -1], ["quality has gone down", -1], ["quality went down", -1],
  // Upkeep: "bien entretenus", "well maintained"; "mal entretenu", "poorly maintained".
  ["bien entretenu", 1], ["bien entretenus", 1], ["bien entretenue", 1], ["bien entretenues", 1], ["well maintained", 1], ["well-maintained", 1],
  ["mal entretenu", -1], ["mal entretenus", -1], ["mal entretenue", -1], ["mal entretenues", -1], ["poorly maintained", -1], ["badly maintained", -1],
  // Judged open to question: "le rapport qualité-prix est discuté", "fait débat" (a discussion alone is no judgement).
  ["est discute", -1], ["est discutee", -1], ["sont discutes", -1], ["sont discutees", -1], ["fait debat", -1], ["font debat", -1],
  ["locked into", -1], ["shut down", -1], ["holds you back", -1], ["a plus", 1], ["un plus", 1], ["loin du centre", -0.5], ["sticking point", -1], ["grincer des dents", -1], ["parcours du combattant", -1],
  ["perfectly serviceable", 0], ["serviceable", 0],
  ...MIDDLING_PHRASES,
  // One caveat named as the only one ("the one weakness is…", "seul bémol : …") concedes a detail
  // in an answer that otherwise praises: a mild criticism, not the verdict.
  ["the one weakness", -0.25], ["the only weakness", -0.25], ["the one downside", -0.25], ["the only downside", -0.25],
  ["the one drawback", -0.25], ["the only drawback", -0.25], ["one caveat", -0.25], ["the one caveat", -0.25], ["only caveat", -0.25],
  ["seul bemol", -0.25], ["petit bemol", -0.25], ["seul reproche", -0.25], ["seul defaut", -0.25], ["seul point faible", -0.25],
  // Words of the trade that name a thing rather than judge it: "a hard requirement", "bug reports", "the success rate".
  ["performs well", 1], ["perform well", 1], ["hard requirement", 0], ["hard requirements", 0], ["fair question", 0], ["fair game", 0], ["success rate", 0], ["success rates", 0],
  ["bug report", 0], ["bug reports", 0], ["bug tracking", 0], ["bug tracker", 0], ["issue tracking", 0], ["issue tracker", 0],
  // Verdicts in a word or two, the way answers close on a brand: "Not a fan.", "Hard pass.", "Pas convaincu."
  ["ages well", 1], ["aged well", 1], ["holds up well", 1], ["hold up well", 1], ["held up well", 1], ["vieillit bien", 1],
  ["casse tout", -1], ["cassent tout", -1], ["not for beginners", -1], ["pas pour un debutant", -1], ["pas pour les debutants", -1],
  ["your main concern", 0], ["your biggest concern", 0], ["your primary concern", 0], ["your only concern", 0],
  ["agressif sur les prix", 0.5], ["prix agressifs", 0.5], ["tarifs agressifs", 0.5], ["aggressive pricing", 0.5], ["aggressively priced", 0.5],
  // "Disponible en supermarché" only says where to buy; "une équipe très disponible" praises.
  ["tres disponible", 1], ["tres disponibles", 1], ["toujours disponible", 1], ["toujours disponibles", 1],
  ["top tier", 0], ["top tiers", 0], ["top plan", 0], ["top plans", 0],
  // How well known a brand is describes its fame, not its quality: "better known for outdoor plants", "le mieux connu".
  // "Good" before an amount measures it: "a good part of what Spaces does", "un bon millier d'euros de moins".
  ["good part of", 0], ["good deal of", 0], ["great deal of", 0], ["good few", 0], ["good number of", 0], ["good half", 0],
  ["good share of", 0], ["bonne partie", 0], ["bon millier", 0], ["bonne dizaine", 0], ["bonne centaine", 0], ["bonne moitie", 0],
  ["bon nombre", 0], ["bon quart", 0],
  // What measures quality, and the people a product is for, judge nothing: "un indice de qualité", "vise les passionnés de vitesse".
  ["indice de qualite", 0], ["controle de qualite", 0], ["controles de qualite", 0], ["niveau de qualite", 0], ["criteres de qualite", 0],
  ["quality control", 0], ["quality index", 0], ["les passionnes", 0], ["des passionnes", 0], ["aux passionnes", 0],
  ["better known", 0], ["best known", 0], ["best-known", 0], ["mieux connu", 0], ["mieux connue", 0], ["mieux connus", 0], ["mieux connues", 0],
  ["on top of", 0], ["top up", 0], ["difficile a battre", 2], ["dur a battre", 2],
  // "Difficile de faire mieux", "hard to do better": nothing better to be found is praise, as "hard to beat" is.
  ["difficile de faire mieux", 2], ["difficile de trouver mieux", 2], ["dur de faire mieux", 2], ["dur de trouver mieux", 2],
  ["hard to do better", 2], ["hard to find better", 2], ["hard to find anything better", 2], ["difficult to do better", 2],
  ["difficult to find better", 2], ["can't do better", 2], ["cannot do better", 2], ["won't find better", 2],
  ["not a fan", -1], ["pays for itself", 1], ["pay for itself", 1], ["se rentabilise", 1],
  ["the one i'd buy", 1], ["the one i'd choose", 1], ["the one i'd pick", 1], ["the one i'd use", 1], ["the one i'd recommend", 1],
  ["the one i'd go for", 1], ["i'd buy", 1], ["i'd choose", 1], ["i'd go for", 1], ["i'd start with", 1], ["hard pass", -2], ["hard sell", -1], ["harder sell", -1], ["tough sell", -1], ["deal-breaker", -1],
  ["dealbreaker", -1], ["deal breaker", -1], ["let down", -1], ["lets down", -1], ["not convinced", -1], ["wouldn't touch", -1.5],
  ["i wouldn't use", -1], ["i wouldn't run", -1], ["i wouldn't trust", -1], ["i wouldn't bother", -1], ["i wouldn't buy", -1],
  ["pas convaincu", -1], ["pas convaincue", -1], ["pas convaincus", -1], ["pas convaincant", -1], ["pas fan", -1],
  ["pas terrible", -1], ["sans interet", -1], ["ne tient pas ses promesses", -1], ["ne tient pas la route", -1],
  ["ne tient pas la journee", -1], ["a oublier", -1], ["a fuir", -2],
  ["couts eleves", -1], ["high fees", -1], ["high prices", -1], ["high price", -1], ["steep price", -1], ["frais de dossier", -1], ["fuyez", -2], ["coup de coeur", 2], ["haut de gamme", 0], ["bas de gamme", -1],
];

const ENGLISH_LEXICON = new Map<string, number>([
  ...POSITIVE_EN.map((word): [string, number] => [word, 1]),
  ...NEGATIVE_EN.map((word): [string, number] => [word, -1]),
  ...STRONG_EN,
]);
const FRENCH_LEXICON = new Map<string, number>([
  ...POSITIVE_FR.map((word): [string, number] => [word, 1]),
  ...NEGATIVE_FR.map((word): [string, number] => [word, -1]),
  ["pire", -2], ["pires", -2], ["eviter", -2], ["evitez", -2], ["desastreux", -2], ["desastreuse", -2], ["catastrophique", -2],
  ["catastrophiques", -2], ["exceptionnel", 2], ["exceptionnelle", 2], ["excellent", 2], ["excellente", 2], ["excellents", 2],
  ["excellentes", 2], ["imbattable", 2], ["imbattables", 2],
]);

/**
 * Words that mostly describe rather than judge ("popular", "efficace") and price words ("cheaper",
 * "cher"): readers of an answer take them as facts more often than as praise or blame, so they
 * weigh half. Measured on the corpus: both halvings raise sentiment accuracy (eval/README.md).
 */
const HALF_WEIGHT = new Set(
  words(`popular solid strong efficient fast quick convenient useful capable complete comprehensive simple easy smooth clean stable
  secure flexible versatile happy smart accessible consistent consistently decent efficace utile simple complet complete rapide
  solide stable securise flexible polyvalent accessible agreable bon bonne bons bonnes populaire fluide clair
  cheap cheaper cheapest inexpensive affordable pricey pricier priciest expensive costly dearer cher chers chere cheres
  couteux couteuse couteuses onereux onereuse abordable abordables economique economiques bargain competitive competitif competitifs
  limited limite limites limitee limitees restricted restreint restreints restreinte restreintes basic basique basiques practical pratique pratiques lightweight leger legere legers legeres`),
);

const weighed = (lexicon: Map<string, number>) =>
  new Map([...lexicon].map(([word, weight]): [string, number] => [word, HALF_WEIGHT.has(word) ? weight / 2 : weight]));

/**
 * One vocabulary per answer language: the same letters judge differently across the two
 * ("pain" is bread, "complet" is fully booked, "con" is no drawback in French).
 */
export const LEXICON = { en: weighed(ENGLISH_LEXICON), fr: weighed(FRENCH_LEXICON) };

export const NEGATORS = new Set(
  words(`not no never without hardly barely nor neither nothing none cannot can't won't isn't aren't wasn't weren't doesn't don't
  didn't hasn't haven't shouldn't wouldn't couldn't ne n' pas jamais guere sans aucun aucune rien ni nullement
  hesitate hesitant reluctant hesiterais rarely seldom rarement`),
);
export const INTENSIFIERS = new Set(
  words(`very extremely highly really particularly especially exceptionally incredibly remarkably truly super so far much
  significantly genuinely consistently notably seriously deeply tres vraiment particulierement extremement hyper tellement
  nettement fort absolument largement franchement totalement vivement perfectly many numerous frequent repeated nombreux nombreuses multiples frequents frequentes repetes repetees`),
);
export const SOFTENERS = new Set(words("slightly somewhat bit little fairly relatively mildly legerement plutot relativement"));
/** "too" and "trop" make anything a complaint: "too basic", "trop cher". */
export const EXCESS = new Set(["too", "trop", "overly"]);
/** "less"/"moins" turn a judgement ("moins cher" is praise); "more"/"plus" keep it. */
export const LESS = new Set(["less", "least", "moins", "fewer"]);
/** Verbs that turn a problem into praise: "solves issues", "évite les frais". */
export const SOLVERS = new Set(
  words(`solves solve solved fixes fix fixed avoids avoid prevents prevent reduces reduce eliminates eliminate removes remove cuts
  addresses resolves resolve minimises minimizes minimise minimize lowers without resout resoudre evite eviter reduit reduire
  elimine eliminer supprime limite corrige sans`),
);
/** Comparing verbs: the subject comes out ahead (+1) or behind (-1) of the brand after them. */
export const COMPARING_VERBS = new Map<string, number>([
  ["outperforms", 1], ["outperform", 1], ["beats", 1], ["beat", 1], ["surpasses", 1], ["outshines", 1], ["outclasses", 1],
  ["undercuts", 1], ["trumps", 1], ["edges", 1], ["tops", 1], ["outpaces", 1], ["outranks", 1], ["leads", 1],
  ["trails", -1], ["trail", -1], ["lags", -1], ["lag", -1], ["behind", -1], ["loses", -1], ["falls", -1],
  ["surpasse", 1], ["surpassent", 1], ["devance", 1], ["devancent", 1], ["depasse", 1], ["bat", 1], ["domine", 1],
  ["ecrase", 1], ["detrone", 1], ["derriere", -1], ["traine", -1],
]);
/** What introduces the other side of a comparison: "cheaper than X", "moins cher que X", "supérieur à X". */
export const THAN = new Set(["than", "que", "qu'", "over", "versus", "vs"]);
/** "Unlike X, …", "Contrairement à X": X gets the opposite of what the sentence says of the subject. */
export const CONTRAST_OPENERS = ["unlike", "contrairement a", "contrairement au", "contrairement aux", "a la difference de"];

/**
 * Advice about the brand named right after it: "go with X", "optez pour X" (+1); "avoid X",
 * "évitez X" (-1.5). Matched on whole words, before anything else.
 */
export const DIRECTED: Array<[string, number]> = [
  ["move them to", 1], ["move it to", 1], ["move everyone to", 1], ["migrate to", 1], ["migrate them to", 1], ["consolidate on", 1],
  ["basculez vers", 1], ["migrez vers", 1], ["passez sur", 1],
  ["go with", 1], ["opt for", 1], ["stick with", 1], ["choose", 1], ["pick", 1], ["switch to", 1], ["sign up for", 1],
  ["start with", 1], ["go for", 1], ["commencez par", 1], ["je privilegierais", 1], ["je choisirais", 1], ["je prendrais", 1],
  ["optez pour", 1], ["choisissez", 1], ["privilegiez", 1], ["misez sur", 1], ["tournez-vous vers", 1], ["passez a", 1],
  // Pointing the reader to a brand: "check out X", "jetez un œil à X", "regardez du côté de X".
  ["check out", 1], ["take a look at", 1], ["have a look at", 1], ["jetez un oeil a", 1], ["jette un oeil a", 1], ["jetez un coup d'oeil a", 1],
  ["regardez du cote de", 1], ["regarde du cote de", 1], ["pensez a", 1],
  ["avoid", -1.5], ["skip", -1.5], ["steer clear of", -1.5], ["stay away from", -1.5], ["evitez", -1.5], ["fuyez", -1.5],
];

/**
 * A summary line's label that names the winner after it: "Verdict: X", "Best value: X", "Mon choix : X".
 * Tested on at most the 60 characters before the brand (sentiment.ts).
 */
export const VERDICT_LABEL =
  /^[\s*#>\-\d.)|]*(?:\*\*|__)?\s*(?:verdict|bottom line|my pick|our pick|top pick|the pick|winner|overall winner|recommendation|my recommendation|conclusion|in short|best[\p{L}\p{N}\s'-]{0,30}|top choice|mon choix|notre choix|choix|en resume|bref|en bref|pour resumer|mon avis|notre avis|short answer|the short answer|short version|the short version|version courte|reponse courte|en un mot|final answer|my take|my suggestion|my honest suggestion|suggestion|in summary|tl;dr|tldr|not even close|le gagnant|gagnant|ma recommandation|notre recommandation|meilleur[\p{L}\p{N}\s'-]{0,30})\s*(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*$/u;

/**
 * The labels assistants put in bold at the head of a list item under a brand ("**Pros:**", "**Best
 * for:**", "**Points faibles :**"): no brand, and taking them for one steals what the item says.
 */
export const LIST_LABELS = new Set(
  `pros|cons|pro|con|pricing|price|prices|cost|costs|best for|ideal for|good for|great for|watch out for|watch out|verdict|summary|bottom line|note|notes|tip|tips|why|why it stands out|features|key features|drawbacks|drawback|downsides|downside|upsides|strengths|weaknesses|limitations|limits|overall|rating|ratings|score|availability|support|customer support|customer service|setup|ease of use|performance|value|security|privacy|integrations|free plan|free tier|plans|budget|premium|mid-range|who it's for|who it is for|caveat|caveats|the catch|catch|example|examples|warning|important|tl;dr|avantages|avantage|inconvenients|inconvenient|points forts|point fort|points faibles|point faible|prix|tarif|tarifs|ideal pour|pour qui|a noter|conseil|conseils|astuce|astuces|bemol|en resume|notre avis|mon avis|fonctionnalites|limites|securite|service client|disponibilite|attention|exemple|exemples|collaboration|licensing|licence|license|payouts|savings|speed|subscription|subscriptions|reliability|design|interface|onboarding|templates|analytics|reporting|automation|automations|storage|sync|coverage|fees|contract|contracts|hardware|software|battery|comfort|durability|quality|delivery|shipping|returns|warranty|breadth|recalls|drivers|tarification|abonnement|livraison|garantie|qualite`.split("|"),
);

/** Small words a name may hold in lower case ("Square for Restaurants", "Welcome to the Jungle"). */
const NAME_LINKS = new Set(words("for of and the to by with on in at a an de du des la le les et qui dit en sur pour au aux l' d'"));
const QUESTION_HEADS = /^(?:why|what|who|where|when|how|which|pourquoi|quoi|qui|ou|quand|comment)\b/;

/**
 * Whether a bold list-item head is a label rather than a name: a known label, a question ("Why
 * founders like it", "What it offers"), a label ending in "for", or a phrase written in sentence
 * case ("Paywall friction", "Confusing structure", "Zero setup") — names are written with capitals
 * ("Square for Restaurants"), or with a capital or digit inside a word ("iSwan", "eC01").
 */
export function isListLabel(head: string): boolean {
  if (isSectionLabel(head)) return true;
  const shown = head.replace(/\([^)]*\)/g, " ").trim().split(/\s+/).slice(1);
  return shown.some((word) => /^[\p{Ll}][\p{Ll}'’-]*[.,]?$/u.test(word) && !NAME_LINKS.has(word.toLowerCase().replace(/[.,]$/, "")));
}

/**
 * A label that names the part of a description that follows rather than judging it: a known label
 * ("Pros", "Best for", "Watch out for"), a question ("Why founders like it"), one ending in "for".
 */
export function isSectionLabel(head: string): boolean {
  const key = head.normalize("NFKD").replace(/\p{M}/gu, "").replace(/[\u2018\u2019]/g, "'").toLowerCase().replace(/[:.\s]+$/, "").trim().replace(/\s+/g, " ");
  return LIST_LABELS.has(key) || QUESTION_HEADS.test(key) || /\s(?:for|pour)$/.test(key);
}

/**
 * The labels of a list of strengths or of weaknesses, as an item's head ("**Pros:**") or a heading
 * ("**Medium: Cons**", "**What it does well**", "Points faibles :").
 */
const PRO_SECTION = /(?:^|[:\s-])(?:pros|pro|strengths|upsides|advantages|the good|what it does well|what we like|what i like|highlights|why [\p{L}' ]{0,30}like it|where [\p{L}' ]{0,20}earns it|avantages|avantage|points forts|point fort|ce qu'on aime|les plus)$/u;
const CON_SECTION = /(?:^|[:\s-])(?:cons|con|weaknesses|drawbacks|drawback|downsides|downside|limitations|watch out for|watch out|the catch|caveats|the bad|the not-so-great stuff|the not-so-great|what we don't like|where it falls short|where it doesn't|inconvenients|inconvenient|points faibles|point faible|limites|bemols|ce qu'on aime moins|les moins)$/u;

const VERDICT_SECTION = /^(?:verdict|the verdict|final verdict|bottom line|the bottom line|recommendation|my recommendation|our recommendation|quick recommendation|conclusion|in short|summary|in summary|my take|my pick|our pick|which one|which should you choose|which one should you choose|so which|en resume|en bref|bref|conclusion|mon avis|notre avis|notre verdict|mon verdict|ma recommandation|notre recommandation|lequel choisir|que choisir)\??$/;

export function sectionKind(label: string): "pro" | "con" | "verdict" | undefined {
  const key = label.normalize("NFKD").replace(/\p{M}/gu, "").replace(/[\u2018\u2019]/g, "'").toLowerCase().replace(/[*_#>:.\s]+$/, "").replace(/^[\s*_#>\-\d.)]+/, "").trim().replace(/\s+/g, " ");
  // "Pros and cons", "Avantages et inconvénients": both sides, neither list.
  if (/\b(?:pros|avantages|strengths)\b.*\b(?:cons|inconvenients|weaknesses)\b/.test(key)) return undefined;
  return PRO_SECTION.test(key) ? "pro" : CON_SECTION.test(key) ? "con" : VERDICT_SECTION.test(key) ? "verdict" : undefined;
}
