import { createContext } from "react";
import type { FormConstraint } from "~/lib/lazy-validation";

/** The academy's three forms. */
export type AcademyFormKind = "course" | "chapter" | "video";
export type AcademyFormConstraints = Record<AcademyFormKind, FormConstraint>;

/**
 * The forms' constraint attributes, `getZodConstraint` of each schema in the page's loader
 * (academyFormConstraints in routes/admin/academy.server.ts): zod stays off the page. Apart from
 * the forms (forms.tsx), which come after the page hydrates (app/lib/deferred.tsx), while the page
 * that provides it does not wait for them.
 */
export const AcademyFormConstraintsContext = createContext<AcademyFormConstraints | null>(null);
