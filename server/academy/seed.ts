import { eq, sql } from "drizzle-orm";
import { getConfig } from "../config";
import type { Database } from "../db/client";
import type { AcademyLocale } from "#domain/academy";
import type { VideoLink } from "#domain/video-links";
import { chapters, courses, seedRuns, videos } from "../db/schema";
import { logger } from "../logger";

type DemoVideo = { title: string; description: string; link: VideoLink; duration: number };
type DemoChapter = { title: string; description: string; videos: DemoVideo[] };
export type DemoCourse = {
  slug: string;
  title: string;
  description: string;
  locale: AcademyLocale | null;
  published: boolean;
  thumbnail: string | null;
  chapters: DemoChapter[];
};

const youtube = (id: string) => `https://www.youtube.com/watch?v=${id}`;
/** The French link of an English talk: the same video with French captions switched on. */
const withFrenchCaptions = (id: string): VideoLink => ({ fr: `${youtube(id)}&hl=fr&cc_lang_pref=fr&cc_load_policy=1`, other: youtube(id) });
const still = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;

/**
 * Public talks from Google Search Central's YouTube channel (and two Vimeo videos for the draft),
 * linked, never copied. Durations are to the nearest few seconds; an admin can correct them.
 */
export const DEMO_COURSES: DemoCourse[] = [
  {
    slug: "how-google-search-works",
    title: "How Google Search works",
    description: "Crawling, indexing and serving: the three stages every page goes through before it can appear in Google, explained by Google's own engineers.",
    locale: "en",
    published: true,
    thumbnail: still("0eKVizvYSUQ"),
    chapters: [
      {
        title: "The big picture",
        description: "What happens between a query and a page of results.",
        videos: [
          {
            title: "How Google Search works (in 5 minutes)",
            description: "A short animated tour of how Google finds, understands and ranks pages.",
            link: youtube("0eKVizvYSUQ"),
            duration: 315,
          },
          {
            title: "How Search works, with Matt Cutts",
            description: "You are not searching the web, you are searching Google's index of it.",
            link: youtube("BNHR6IQJGZs"),
            duration: 194,
          },
          {
            title: "How Google makes improvements to its search algorithm",
            description: "How changes to ranking are proposed, tested with raters and live experiments, and launched.",
            link: youtube("J5RZOU6vK4Q"),
            duration: 243,
          },
        ],
      },
      {
        title: "Crawling, indexing, serving",
        description: "Gary Illyes takes each stage in turn.",
        videos: [
          {
            title: "How Google Search crawls pages",
            description: "URL discovery, Googlebot, fetching and rendering, sitemaps and crawl limits.",
            link: youtube("JuK7NnfyEuc"),
            duration: 420,
          },
          {
            title: "How Google Search indexes pages",
            description: "Parsing, duplicate clusters, canonical selection and the signals kept for ranking.",
            link: youtube("pe-NSvBTg2o"),
            duration: 390,
          },
          {
            title: "How Google Search serves pages",
            description: "Relevance, and why two people get different results for the same query.",
            link: youtube("lgQazesEjO4"),
            duration: 360,
          },
        ],
      },
    ],
  },
  {
    slug: "seo-mythbusting-for-developers",
    title: "SEO Mythbusting for developers",
    description: "Martin Splitt and guests take apart what developers and SEOs get wrong about Googlebot, JavaScript and performance.",
    locale: "en",
    published: true,
    thumbnail: still("8QeU97wWomQ"),
    chapters: [
      {
        title: "Crawling and rendering",
        description: "What Googlebot really does with your pages and your JavaScript.",
        videos: [
          {
            title: "Googlebot: SEO Mythbusting",
            description: "How Googlebot crawls, renders and indexes, with Suz Hinton.",
            link: youtube("8QeU97wWomQ"),
            duration: 1000,
          },
          {
            title: "JavaScript: SEO Mythbusting",
            description: "Single-page apps, lazy loading, crawl budget and pre-rendering, with Jamie Alberico.",
            link: youtube("EZtCgrpa6ss"),
            duration: 1005,
          },
        ],
      },
      {
        title: "Speed and the road ahead",
        description: "Performance as a ranking signal, and where the web is going.",
        videos: [
          {
            title: "Web performance: SEO Mythbusting",
            description: "Speed, resilient HTML and CSS, and progressive enhancement, with Ada Rose Cannon.",
            link: youtube("prmrFlaDtMg"),
            duration: 555,
          },
          {
            title: "The future of the web: SEO Mythbusting",
            description: "Structured data, assistants and what developers should build for, with Dion Almaer.",
            link: youtube("B3eysnid0Sk"),
            duration: 885,
          },
        ],
      },
    ],
  },
  {
    slug: "bases-du-referencement-google",
    title: "Les bases du référencement Google",
    description:
      "Exploration, indexation et diffusion des résultats, puis les idées reçues sur Googlebot et JavaScript : les vidéos officielles de Google Search Central, sous-titrées en français.",
    locale: "fr",
    published: true,
    thumbnail: still("JuK7NnfyEuc"),
    chapters: [
      {
        title: "Comment fonctionne la recherche Google",
        description: "Les trois étapes par lesquelles passe chaque page.",
        videos: [
          {
            title: "La recherche Google en 5 minutes",
            description: "Comment Google trouve, comprend et classe les pages.",
            link: withFrenchCaptions("0eKVizvYSUQ"),
            duration: 315,
          },
          {
            title: "L'exploration des pages",
            description: "Découverte des URL, Googlebot, rendu, sitemaps et limites d'exploration.",
            link: withFrenchCaptions("JuK7NnfyEuc"),
            duration: 420,
          },
          {
            title: "L'indexation des pages",
            description: "Analyse du contenu, doublons, choix de l'URL canonique.",
            link: withFrenchCaptions("pe-NSvBTg2o"),
            duration: 390,
          },
          {
            title: "La diffusion des résultats",
            description: "Pertinence, et pourquoi deux personnes ne voient pas les mêmes résultats.",
            link: withFrenchCaptions("lgQazesEjO4"),
            duration: 360,
          },
        ],
      },
      {
        title: "Idées reçues",
        description: "Googlebot et JavaScript, sans les mythes.",
        videos: [
          {
            title: "Googlebot : les idées reçues",
            description: "Ce que fait vraiment Googlebot de vos pages.",
            link: withFrenchCaptions("8QeU97wWomQ"),
            duration: 1000,
          },
          {
            title: "JavaScript et SEO : les idées reçues",
            description: "Applications monopages, chargement différé et budget d'exploration.",
            link: withFrenchCaptions("EZtCgrpa6ss"),
            duration: 1005,
          },
        ],
      },
    ],
  },
  {
    slug: "video-on-your-site",
    title: "Video on your own site (draft)",
    description: "A course still being written: only admins see it until it is published.",
    locale: "en",
    published: false,
    thumbnail: null,
    chapters: [
      {
        title: "Hosted players",
        description: "What an embedded player from a video host looks like.",
        videos: [
          {
            title: "A Vimeo embed",
            description: "Vimeo's own introduction of its player.",
            link: "https://vimeo.com/76979871",
            duration: 62,
          },
          {
            title: "A longer Vimeo embed: The Mountain",
            description: "A time-lapse, to check how a full-width player behaves.",
            link: "https://vimeo.com/22439234",
            duration: 190,
          },
        ],
      },
    ],
  },
];

const SEED_NAME = "academy_demo";

/**
 * The demo academy, once per database: only when no course exists yet, and never again after it
 * ran (deleting the demo courses is not undone by a restart). Several processes may start
 * together: the academy's advisory lock makes them take turns.
 */
export async function seedDemoAcademy(db: Database, options: { enabled?: boolean } = {}) {
  if (!(options.enabled ?? getConfig().ACADEMY_DEMO_SEED)) return { seeded: false };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('academy'))`);
    const [done] = await tx.select().from(seedRuns).where(eq(seedRuns.name, SEED_NAME));
    if (done) return { seeded: false };
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(courses);
    await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing();
    if (count > 0) return { seeded: false };
    for (const [coursePosition, demo] of DEMO_COURSES.entries()) {
      const [course] = await tx
        .insert(courses)
        .values({
          slug: demo.slug,
          title: demo.title,
          description: demo.description,
          locale: demo.locale,
          isPublished: demo.published,
          thumbnailUrl: demo.thumbnail,
          position: coursePosition,
        })
        .returning({ id: courses.id });
      for (const [chapterPosition, chapter] of demo.chapters.entries()) {
        const [row] = await tx
          .insert(chapters)
          .values({ courseId: course.id, title: chapter.title, description: chapter.description, position: chapterPosition })
          .returning({ id: chapters.id });
        await tx.insert(videos).values(
          chapter.videos.map((video, position) => ({
            chapterId: row.id,
            title: video.title,
            description: video.description,
            link: video.link,
            durationSeconds: video.duration,
            position,
          })),
        );
      }
    }
    logger.info("academy.demo_seeded", { courses: DEMO_COURSES.length });
    return { seeded: true };
  });
}
