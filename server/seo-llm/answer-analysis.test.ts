import { describe, expect, it } from "vitest";
import { analyzeAnswer, analyzeAnswerDetailed, type AnswerProfile } from "./answer-analysis";

const profile: AnswerProfile = {
  brand_name: "Acmé",
  aliases: ["Acme Studio"],
  website_url: "https://www.acme.co.uk",
  competitors: [
    { name: "Globex", domain: "globex.com", aliases: [] },
    { name: "Initech", domain: "initech.fr", aliases: ["Initrode"] },
  ],
  market_language: "fr",
};

const answer = (text: string, extra: Partial<{ citations: Array<{ url: string; title?: string }>; search_queries: string[] }> = {}) => ({
  provider: "perplexity",
  text,
  citations: extra.citations ?? [],
  search_queries: extra.search_queries ?? [],
});

describe("analyzeAnswer: mentions", () => {
  it("takes no bold list label for a brand: Pros, Cons, Best for, Points faibles", () => {
    const text = "### 1. Acme\n* **Pros:** free tier, integrations.\n* **Cons:** pricey at scale.\n* **Best for:** agencies.\n* **Points faibles :** support lent.\n* **Notion** – a wiki.";
    const names = analyzeAnswer(profile, answer(text)).mentions.map((mention) => mention.name);
    expect(names).toEqual(["Acmé", "Notion"]);
  });

  it("takes no sentence-case label or question at an item's head for a brand, but keeps names with capitals", () => {
    const text =
      "### Acme\n* **Paywall friction:** readers leave.\n* **Notifications are a mess.** Nobody knows why.\n* **Why founders like it:** no fees.\n* **What it offers:** cards.\n* **Square for Restaurants** – a till.\n* **O2feel iSwan City** – a bike.\n* **Brevo (formerly Sendinblue)** – email.";
    const names = analyzeAnswer(profile, answer(text)).mentions.map((mention) => mention.name);
    expect(names).toEqual(["Acmé", "Square for Restaurants", "O2feel iSwan City", "Brevo (formerly Sendinblue)"]);
  });

  it("finds the brand whatever the case, accents and possessives, as a whole word only", () => {
    for (const text of ["ACME's pricing is clear.", "Le tarif d’Acme est clair.", "On recommande acme studio, sans hésiter."]) {
      expect(analyzeAnswer(profile, answer(text)).brand.mentioned, text).toBe(true);
    }
    for (const text of ["Acmeville is a town.", "The acmes of the art."]) {
      expect(analyzeAnswer(profile, answer(text)).brand.mentioned, text).toBe(false);
    }
  });

  it("counts aliases and the brand's domain, inside links too, as the brand", () => {
    const result = analyzeAnswer(profile, answer("Acme Studio is based in Leeds; see https://shop.acme.co.uk/pricing or acme.co.uk."));
    expect(result.mentions).toEqual([{ name: "Acmé", is_brand: true, tracked: true, position: 1, count: 3, sentiment: "neutral" }]);
  });

  it("ranks brands by first appearance, including the untracked ones an assistant lists", () => {
    const text = [
      "Les meilleurs outils en 2026 :",
      "1. **HubSpot** – la référence.",
      "2. **Globex** – complet mais cher.",
      "3. **Acme** – excellent et fiable, apprécié des PME.",
      "",
      "Globex reste populaire.",
    ].join("\n");
    const result = analyzeAnswer(profile, answer(text));
    expect(result.brand).toEqual({ mentioned: true, position: 3, sentiment: "positive" });
    expect(result.mentions).toEqual([
      // "la référence": the benchmark of its market, praise.
      { name: "HubSpot", is_brand: false, tracked: false, position: 1, count: 1, sentiment: "positive" },
      // "complet mais cher", then "populaire": mild praise and a price, which weigh half, in balance.
      { name: "Globex", is_brand: false, tracked: true, position: 2, count: 2, sentiment: "neutral" },
      { name: "Acmé", is_brand: true, tracked: true, position: 3, count: 1, sentiment: "positive" },
    ]);
  });

  it("gives an overlapping longer name to its owner: 'Acme Studio Pro' is not also Acme", () => {
    const withPro: AnswerProfile = { ...profile, competitors: [{ name: "Acme Studio Pro", aliases: [] }] };
    const result = analyzeAnswer(withPro, answer("Acme Studio Pro beats Acme on price."));
    expect(result.mentions.map((mention) => [mention.name, mention.position, mention.count])).toEqual([
      ["Acme Studio Pro", 1, 1],
      ["Acmé", 2, 1],
    ]);
  });

  it("says nothing of position or sentiment when the brand is absent", () => {
    const result = analyzeAnswer(profile, answer("Globex and Initrode lead the market."));
    expect(result.brand).toEqual({ mentioned: false, position: null, sentiment: null });
    expect(result.mentions.map((mention) => mention.name)).toEqual(["Globex", "Initech"]);
  });
});

describe("analyzeAnswer: sentiment toward the brand", () => {
  it.each([
    ["Acme is the best choice and very reliable.", "positive"],
    ["Acme est fiable et performant.", "positive"],
    ["Acme is not recommended: it is expensive and slow.", "negative"],
    ["Acme est cher et décevant.", "negative"],
    ["Acme is not bad at all.", "positive"],
    ["Acme was founded in 2010 in Lyon.", "neutral"],
    ["Acme is great. Globex is expensive and buggy.", "positive"],
  ])("%s → %s", (text, sentiment) => {
    expect(analyzeAnswer(profile, answer(text)).brand.sentiment).toBe(sentiment);
  });
});

describe("analyzeAnswer: sources and searches", () => {
  it("counts distinct cited pages per registrable domain, from citations and links in the text", () => {
    const result = analyzeAnswer(
      profile,
      answer("Voir [ce comparatif](https://blog.example.co.uk/a) et https://www.example.co.uk/b. Aussi https://globex.com/x.", {
        citations: [{ url: "https://blog.example.co.uk/a", title: "A" }, { url: "https://news.site.org/c" }, { url: "not a url" }],
      }),
    );
    expect(result.cited_domains).toEqual([
      { domain: "example.co.uk", count: 2 },
      { domain: "globex.com", count: 1 },
      { domain: "site.org", count: 1 },
    ]);
  });

  it("keeps the assistant's searches, trimmed and once each", () => {
    const result = analyzeAnswer(profile, answer("…", { search_queries: [" meilleur outil seo ", "meilleur outil seo", "", "acme avis"] }));
    expect(result.search_queries).toEqual(["meilleur outil seo", "acme avis"]);
  });

  it("a competitor listed twice, or under the brand's name, is one brand", () => {
    const result = analyzeAnswer(
      { brand_name: "Acme", website_url: "https://acme.com", competitors: [{ name: "Acme", domain: "acme.fr" }, { name: "Rival" }, { name: "rival", aliases: ["Rivalo"] }] },
      { text: "Acme is great; see also acme.fr. Rivalo and Rival follow.", citations: [] },
    );
    expect(result.mentions.map((mention) => [mention.name, mention.count])).toEqual([
      ["Acme", 2],
      ["Rival", 2],
    ]);
  });
});

describe("analyzeAnswer: names that are also words", () => {
  const chat: AnswerProfile = {
    brand_name: "Slack",
    website_url: "https://slack.com",
    competitors: [
      { name: "Microsoft Teams", domain: "microsoft.com", aliases: ["Teams"] },
      { name: "Sunday", domain: "sundayapp.com" },
    ],
  };
  const named = (text: string, profile = chat) => analyzeAnswer(profile, answer(text)).mentions.filter((mention) => mention.tracked).map((mention) => mention.name);

  it.each([
    ["Cut them some slack: most teams zoom in on price first.", []],
    ["We meet every Sunday; on Sunday mornings the team is off.", []],
    ["Slack integrates with 2,000 apps, and Microsoft Teams is bundled with Office.", ["Slack", "Microsoft Teams"]],
    ["For chat, **Slack** leads. Slack is pricier than Teams, though.", ["Slack", "Microsoft Teams"]],
    ["Most tools, like Slack, let you set reminders for Sunday.", ["Slack"]],
    ["Restaurants in Paris use Sunday to let guests pay at the table.", ["Sunday"]],
    ["Give yourself some slack. Slack is still the best chat app for startups.", ["Slack"]],
    ["Sellers compare Shopify with Sunday and eBay.", ["Sunday"]],
  ])("%s", (text, expected) => {
    expect(named(text)).toEqual(expected);
  });

  it.each([
    ["Apple", "Apple pie is my favourite dessert.", false],
    ["Apple", "Apple released the iPhone 17 in September.", true],
    ["Apple", "I bought an apple and an orange at the market.", false],
    ["Orange", "Paint the wall orange; Orange is also a telecom operator.", true],
    ["Amazon", "The Amazon rainforest is shrinking because of deforestation.", false],
    ["Amazon", "Sellers compare Shopify with Amazon and eBay.", true],
    ["Shell", "You'll shell out more at motorway stations.", false],
    ["Shell", "Shell raised its dividend again this quarter.", true],
    ["Notion", "The notion that AI replaces writers is overblown.", false],
    ["Notion", "Notion is a flexible workspace for notes and docs.", true],
    ["Bolt", "He sat bolt upright when the price appeared.", false],
    ["Mars", "Mars is the fourth planet from the sun.", false],
    ["Mars", "Mars makes Snickers and M&M's.", true],
    ["Free", "Free propose la fibre à 29,99 € par mois.", true],
    ["But", "But le soir, les prix baissent.", false],
    ["But", "Chez But, les canapés sont moins chers qu’ailleurs.", true],
    ["Le Chat", "Le chat dort sur le canapé.", false],
    ["Le Chat", "Le Chat de Mistral AI répond en français.", true],
  ])("%s in “%s”: the brand? %s", (brand, text, expected) => {
    expect(named(text, { brand_name: brand, competitors: [] })).toEqual(expected ? [brand] : []);
  });

  it("reads odd shapes without stalling: long runs of spaces or dots, one-line answers, a name of punctuation", () => {
    expect(named(`Slack${" ".repeat(5000)}x`)).toEqual([]);
    expect(named(`# Slack${" ".repeat(5000)}`)).toEqual(["Slack"]);
    expect(named(`Slack${".".repeat(50_000)} fine`)).toEqual([]);
    expect(named(`${"Slack is a chat app, and Teams is bundled with Office, ".repeat(2000)}`)).toEqual(["Slack", "Microsoft Teams"]);
    expect(analyzeAnswer({ brand_name: "-", competitors: [] }, answer("a - b - c")).brand.mentioned).toBe(false);
    const arbre: AnswerProfile = { brand_name: "L’Arbre Vert", competitors: [] };
    expect(named("Le savon L’Arbre Vert reste une option correcte.", arbre)).toEqual(["L’Arbre Vert"]);
    expect(named("Planter l’arbre vert du jardin.", arbre)).toEqual([]);
  });

  it("reads a mention that spans a full stop with the sentence after it", () => {
    const boots: AnswerProfile = { brand_name: "Dr. Martens", competitors: [] };
    expect(analyzeAnswer(boots, answer("Dr. Martens boots are excellent and reliable.")).brand.sentiment).toBe("positive");
  });

  it("counts its domain as a clue only close by, not anywhere on a long line", () => {
    const result = analyzeAnswer(chat, answer("Cut them some slack. **Slack** beats Teams on integrations, see https://slack.com/apps."));
    expect(result.mentions.find((mention) => mention.name === "Slack")?.count).toBe(2);
  });

  it("reads days and months as dates in French, and a capital as the brand", () => {
    const avril: AnswerProfile = { brand_name: "Avril", website_url: "https://avril-beaute.fr", competitors: [] };
    expect(named("Les soldes commencent le 3 avril, et en avril les prix baissent.", avril)).toEqual([]);
    expect(named("Pour des cosmétiques bio abordables, la marque Avril est souvent citée.", avril)).toEqual(["Avril"]);
  });

  it("needs evidence for a name the user marked, and leaves other names alone", () => {
    const marked: AnswerProfile = { brand_name: "Rivalo", ambiguous_names: ["rivalo"], competitors: [] };
    expect(named("Rivalo. Nothing more to say.", marked)).toEqual([]);
    expect(named("Rivalo. Nothing more to say.", { brand_name: "Rivalo", competitors: [] })).toEqual(["Rivalo"]);
  });

  it("says how each mention was decided, and lets a second opinion overrule the rules", () => {
    const text = "Slack. That is what we cut them. Zoom and Slack both offer apps.";
    const rules = analyzeAnswerDetailed(chat, answer(text));
    const first = rules.ambiguous[0];
    expect(first).toMatchObject({ name: "Slack", form: "Slack", sure: false, decidedBy: "evidence" });
    const overruled = analyzeAnswerDetailed(chat, answer(text), { decisions: new Map([[first.key, false]]) });
    expect(overruled.ambiguous[0]).toMatchObject({ accepted: false, decidedBy: "ai" });
    expect(rules.methods.get("Slack")).toBe("evidence");
    expect(analyzeAnswerDetailed(chat, answer("See slack.com for Slack.")).methods.get("Slack")).toBe("name");
  });
});

describe("analyzeAnswer: sentiment per brand", () => {
  const crm: AnswerProfile = { brand_name: "HubSpot", competitors: [{ name: "Salesforce" }, { name: "Pipedrive" }] };
  const tone = (text: string) => Object.fromEntries(analyzeAnswer(crm, answer(text)).mentions.map((mention) => [mention.name, mention.sentiment]));

  it.each([
    ["HubSpot is far easier to set up than Salesforce.", { HubSpot: "positive", Salesforce: "negative" }],
    ["Salesforce is more expensive than HubSpot.", { Salesforce: "negative", HubSpot: "positive" }],
    ["Pipedrive lags behind HubSpot on reporting.", { Pipedrive: "negative", HubSpot: "positive" }],
    ["Unlike Salesforce, HubSpot has a generous free plan.", { Salesforce: "negative", HubSpot: "positive" }],
    ["HubSpot’s support team is outstanding and its prices are fair.", { HubSpot: "positive" }],
    ["HubSpot est nettement moins cher que Salesforce.", { HubSpot: "positive", Salesforce: "negative" }],
    ["Le service client de HubSpot laisse à désirer et les frais cachés déçoivent.", { HubSpot: "negative" }],
    ["Salesforce n’est pas à la hauteur pour une PME, alors que HubSpot séduit.", { Salesforce: "negative", HubSpot: "positive" }],
    ["HubSpot, Salesforce and Pipedrive are all CRMs.", { HubSpot: "neutral", Salesforce: "neutral", Pipedrive: "neutral" }],
    // What follows "but" is the verdict; one price caveat after a praise, with no other brand
    // compared, is balanced.
    ["HubSpot is powerful but buggy.", { HubSpot: "negative" }],
    ["HubSpot is powerful but expensive.", { HubSpot: "neutral" }],
    ["HubSpot is expensive but powerful.", { HubSpot: "positive" }],
    ["Pipedrive is popular.", { Pipedrive: "neutral" }],
    // An unjudged clause after "but" still balances the sentence.
    ["HubSpot has good prices, but you will need to arrange the data migration yourself.", { HubSpot: "neutral" }],
    // A problem imagined is no criticism; a ranking counts in full.
    ["HubSpot has a support team that answers fast in case of a problem.", { HubSpot: "neutral" }],
    ["Pipedrive est le plus complet et HubSpot le plus accessible.", { Pipedrive: "positive", HubSpot: "positive" }],
    ["HubSpot offre un support réactif, même si vous craignez une panne.", { HubSpot: "positive" }],
    // Advice about "it" is about the sentence's brand; hesitation and "rarely" turn praise.
    ["Pipedrive has a clean interface, but for a large team I'd skip it.", { Pipedrive: "negative" }],
    ["HubSpot is popular, but I'd hesitate to recommend it to a startup.", { HubSpot: "negative" }],
    ["After the discount ends, Pipedrive is rarely the cheapest option.", { Pipedrive: "negative" }],
    ["HubSpot is intuitive, but several users report that its reports are slow.", { HubSpot: "negative" }],
    // What a concession grants is conceded: "although", "though", "même si".
    ["HubSpot is excellent, although its reports are slow.", { HubSpot: "positive" }],
    ["HubSpot est excellent, même si ses rapports sont lents.", { HubSpot: "positive" }],
    // A concession reaches the end of its clause only; "as though" compares.
    ["Although HubSpot is pricey, its support team is excellent.", { HubSpot: "positive" }],
    ["It feels as though HubSpot is slow and clunky.", { HubSpot: "negative" }],
    // Each language reads its own words: "pain" is bread in French.
    ["Chez HubSpot, on partage le pain du midi avec l’équipe.", { HubSpot: "neutral" }],
    // The brand a comparison is made against is not who the rest of the clause speaks of.
    ["Pipedrive’s prices are a little higher than HubSpot’s, but its support is reliable and courteous.", { Pipedrive: "positive", HubSpot: "neutral" }],
    ["Pipedrive est moins cher, mais ses prix sont plus élevés que ceux de HubSpot et plusieurs hausses ont fait grincer des dents.", { Pipedrive: "negative", HubSpot: "positive" }],
    // French criticism: "on regrette", "peu intuitif", "ne … guère", "laisse à désirer".
    ["HubSpot est peu intuitif et on regrette un support lent.", { HubSpot: "negative" }],
    ["On ne peut guère recommander Pipedrive pour les PME.", { Pipedrive: "negative" }],
    ["Les clients saluent la disponibilité de l’équipe HubSpot.", { HubSpot: "positive" }],
    // Ratings and lukewarm verdicts: "scores well" praises, "perfectly serviceable" and "sans plus" only describe.
    ["HubSpot scores well for ease of use.", { HubSpot: "positive" }],
    ["Pipedrive is perfectly serviceable.", { Pipedrive: "neutral" }],
    ["Le support de Salesforce est correct, sans plus.", { Salesforce: "neutral" }],
    // One caveat named as the only one does not outweigh the praise around it.
    ["HubSpot is excellent for small teams. The one weakness is that its reporting stops at basic charts.", { HubSpot: "positive" }],
    // A verdict label may hold digits.
    ["Best 5G CRM: HubSpot", { HubSpot: "positive" }],
    // A label at an item's head names what the item describes: "Best for", "Watch out for" judge nothing.
    ["### 1. HubSpot\n* **Best for:** agencies with a sales team.", { HubSpot: "neutral" }],
    ["### 1. HubSpot\n* **Watch out for:** HubSpot is a CRM, not a bank.", { HubSpot: "neutral" }],
    // A feature label is no brand: its words judge the brand the list is about.
    ["### HubSpot\n* **Confusing structure.** New users get lost.", { HubSpot: "negative" }],
    // Lists of strengths and weaknesses of comparable length balance; a verdict decides.
    ["### 1. HubSpot\n* **Pros:** good reporting, a free tier.\n* **Cons:** pricey at scale, slow support.", { HubSpot: "neutral" }],
    ["**HubSpot: Pros**\n* Great reporting.\n* A free tier.\n\n**HubSpot: Cons**\n* Pricey at scale.\n* Slow support.", { HubSpot: "neutral" }],
    [
      "### 1. HubSpot\n* **Pros:** good reporting, a free tier.\n* **Cons:** pricey at scale, slow support.\n* **Verdict:** good value for a small team.",
      { HubSpot: "positive" },
    ],
    ["### 1. HubSpot\n* **Pros:** good reporting, a free tier.\n* **Cons:** pricey at scale, slow support.\n\nHubSpot is the easiest CRM to start with.", { HubSpot: "positive" }],
    // Words of the trade name things: "bug reports", "a hard requirement", "upgrade".
    ["For bug reports, HubSpot is a hard requirement here; the upgrade takes a minute.", { HubSpot: "neutral" }],
    // "It is worth running a pilot" is advice to the reader; "isn't worth paying for" still judges.
    ["HubSpot fails sometimes, so it is worth running a pilot first.", { HubSpot: "negative" }],
    ["HubSpot isn't worth paying for.", { HubSpot: "negative" }],
    ["Great for channels, lousy for privacy: Pipedrive.", { Pipedrive: "neutral" }],
    ["Pipedrive performs well and is genuinely pleasant to use.", { Pipedrive: "positive" }],
    // A bold line with an emoji after the name is a heading: what follows is about that brand.
    ["### HubSpot vs Salesforce\n\n**HubSpot** 🧱\n- Generous free plan.\n\n**Salesforce** 🐘\n- Many users complain about bugs.", { HubSpot: "positive", Salesforce: "negative" }],
    // "Less so" turns what came before; a sentence opening with a turn ("On the flip side, …") turns the one before it.
    ["Pipedrive is great for very small teams, less so once you're juggling thirty clients.", { Pipedrive: "neutral" }],
    ["Pipedrive has generous automations and a lovely board. On the flip side, seats are sold in buckets of five.", { Pipedrive: "neutral" }],
    ["Pipedrive has generous automations and a lovely board. That said, seats are sold in buckets of five.", { Pipedrive: "neutral" }],
    // Fewer of something unjudged is a lack; a price stated after "but" describes, it does not turn the praise.
    ["Pipedrive is great for a wiki. Fewer dedicated sales features, though.", { Pipedrive: "neutral" }],
    ["Reviewers praise Pipedrive's clean interface, though paid plans start at around $89 per month.", { Pipedrive: "positive" }],
    // A brand named as someone's pick or choice is recommended; "make your choice" is not.
    ["Pipedrive is the purist's pick, and arguably more private.", { Pipedrive: "positive" }],
    ["Pipedrive or HubSpot: make a choice.", { Pipedrive: "neutral", HubSpot: "neutral" }],
    // The answer's own recommendation decides, whatever it conceded on the way.
    ["Some founders have found Pipedrive's payout schedule frustrating. For a solo founder, I'd lean towards Pipedrive at first.", { Pipedrive: "positive" }],
    ["HubSpot is the one I'd suggest. Its app is a little clunky and support can be slow.", { HubSpot: "positive" }],
    ["I'd recommend HubSpot only for reports. For everything else it is clunky and slow: I'd avoid it.", { HubSpot: "negative" }],
    ["Pipedrive? Fine for a to-do list. You'll outgrow it in a month.", { Pipedrive: "negative" }],
    ["Pour un freelance français, HubSpot est une course vers le bas avec une commission de 20 %. Peu recommandable.", { HubSpot: "negative" }],
    // A table with a column of strengths and one of weaknesses balances each row; the prose after it decides.
    [
      "| CRM | Strengths | Weaknesses |\n|---|---|---|\n| HubSpot | Good reporting, a free tier | Pricey at scale, slow support |\n| Pipedrive | Clean pipeline view | Basic reports |",
      { HubSpot: "neutral", Pipedrive: "neutral" },
    ],
    [
      "| CRM | Points forts | Points faibles |\n|---|---|---|\n| HubSpot | Interface soignée | Support lent |\n\nHubSpot reste la meilleure option pour une PME.",
      { HubSpot: "positive" },
    ],
    // Short verdicts, and a sentence that is only a brand's name, answering the question.
    ["For a team of ten? HubSpot. Not a hard call.", { HubSpot: "positive" }],
    ["Pipedrive looks cheap, but its support is a runaround. Not a fan.", { Pipedrive: "negative" }],
    ["Pipedrive : interface agréable, mais les rapports ne tiennent pas la route. Pas convaincu.", { Pipedrive: "negative" }],
    // A phrase around a brand's name is said of it; "cheaper alternatives" leave the paragraph's brand behind.
    ["Users rate HubSpot highly for reports, and it scores above Pipedrive for support.", { HubSpot: "positive", Pipedrive: "neutral" }],
    ["HubSpot gets expensive once you need workflows. Here are cheaper options for a small team.", { HubSpot: "negative" }],
    // Behind in a comparison made in a describing word ("cheaper than X") weighs as that word does: X is described as dearer.
    ["Pipedrive is cheaper than HubSpot. HubSpot's support team is friendly and quick to help.", { Pipedrive: "positive", HubSpot: "positive" }],
    // A phrase that holds its negation is not negated again; "rather than fix" fixes nothing.
    ["HubSpot est excellent, même s'il n'est pas donné.", { HubSpot: "positive" }],
    ["Pipedrive est joli, mais je ne suis pas convaincu.", { Pipedrive: "negative" }],
    ["Pipedrive's support pushes you to upgrade rather than fix the problem.", { Pipedrive: "negative" }],
    // Ligatures read as their letters: "ni coup de cœur" negates "coup de coeur".
    ["Pipedrive est une valeur sûre et un outil fiable, sans surprise ni coup de cœur.", { Pipedrive: "neutral" }],
    // A list of weaknesses twice as long as the strengths is no balance.
    ["### 1. HubSpot\n* **Pros:** nice apps.\n* **Cons:** pricey at scale, slow support, and complaints about hidden fees are common.", { HubSpot: "negative" }],
  ])("%s", (text, expected) => {
    expect(tone(text)).toEqual(expected);
  });
});
