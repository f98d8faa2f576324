/**
 * Words that never start or end a keyword, per language. Written here rather than taken from a
 * general-purpose list: those (stopwords-iso's 1,300 English words) also drop words such as
 * "computer", "free" or "area" that are real keywords on a product page. Function words, numbers
 * in words, and the interface words every site repeats (menu, cookies, "learn more", the verbs of
 * its buttons: "send", "download"; not those that are also nouns, as "shop" or "contact").
 */

const words = (list: string) => new Set(list.trim().split(/\s+/));

const ENGLISH = words(`
  a about above across after again against all almost along also although always am among an and
  another any anyone anything anyway are around as at away be became because become been before
  being below between both but by can cannot could did do does doing done down during each either
  else enough etc even ever every everything few for from further get gets getting got had has have
  having he her here hers herself him himself his how however i if in inside into is it its itself
  just least less let lets like made make makes many may maybe me might mine more most much must my
  myself need needs neither never no nor not now of off often on once one only onto or other others
  otherwise our ours ourselves out over own per perhaps please quite rather really same shall she
  should since so some something sometimes still such than that the their theirs them themselves
  then there these they this those though through thus to together too two three four five under
  until up upon us use used uses using very via want was we well were what whatever when where
  whether which while who whom whose why will with within without would yes yet you your yours
  yourself yourselves s t d ll m re ve don doesn didn isn aren wasn weren won wouldn couldn shouldn
  click here read learn menu login logout signin signup sign log cookie cookies toggle skip
  copyright reserved rights home page website site welcome send submit subscribe download explore
  discover
`);

const FRENCH = words(`
  à afin ai aie ainsi alors après as au aucun aucune aujourd auprès aussi autre autres aux avait
  avant avec avez avoir avons c ça car ce ceci cela celle celles celui cependant certains ces cet
  cette ceux chaque chez ci comme comment contre d dans de depuis des dès deux trois quatre cinq doit
  donc dont du elle elles en encore entre es est et étaient était été être eu eux faire fait fois
  font hors ici il ils j je jusqu l la là le les leur leurs lors lorsque lorsqu lui m ma mais me
  même mêmes mes moi moins mon n ne ni nos notre nous on ont or ou où par parce pas peu peut peuvent
  plus pour pourquoi puis qu quand que quel quelle quelles quels qui quoi s sa sans se selon sera
  ses si son sont sous souvent sur t ta tandis te tel telle tels tes toi ton tous tout toute toutes
  très tu un une vers via voici voilà vos votre vous y
  accueil menu connexion déconnexion inscription cookies cliquez cliquer découvrez découvrir
  savoir voir lire suite page site bienvenue droits réservés envoyer envoyez valider soumettre
  abonnez télécharger téléchargez explorer explorez essayer essayez commencer commencez
`);

export type KeywordLanguage = "en" | "fr";

export const STOP_WORDS: Record<KeywordLanguage, ReadonlySet<string>> = { en: ENGLISH, fr: FRENCH };

/**
 * Stop words a three-word keyword may hold in its middle ("logiciel de comptabilité", "bank of
 * america"); any other stop word there makes a fragment ("software for small"), and "and" joins
 * two ideas ("reconciliation and tax").
 */
export const CONNECTORS: Record<KeywordLanguage, ReadonlySet<string>> = {
  en: words("of"),
  fr: words("de du des d à au aux en"),
};
