import { eq } from "drizzle-orm";
import { isLocale } from "#domain/locales";
import type { Database } from "../db/client";
import { type UserRow, users } from "../db/schema";
import { type IdentityRow, toIdentity } from "../auth/service";
import { notFound } from "../http/errors";
import { forgetUser } from "../auth/session-cache";

export function toProfile(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    // Written only from the supported locales; a stray value reads as "not chosen".
    locale: isLocale(user.locale) ? user.locale : null,
    created_at: user.createdAt.toISOString(),
    profile: {
      first_name: user.firstName,
      last_name: user.lastName,
      company: user.company,
      profile_picture_url: user.profilePictureUrl,
    },
    WebsiteURL: user.websiteUrl,
    identities: identities.map(toIdentity),
  };
}

export type ProfilePatch = {
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  website_url?: string | null;
  locale?: "en" | "fr";
};

export async function updateProfile(db: Database, id: string, patch: ProfilePatch) {
  const [user] = await db
    .update(users)
    .set({
      ...(patch.first_name !== undefined && { firstName: patch.first_name }),
      ...(patch.last_name !== undefined && { lastName: patch.last_name }),
      ...(patch.company !== undefined && { company: patch.company }),
      ...(patch.website_url !== undefined && { websiteUrl: patch.website_url }),
      ...(patch.locale !== undefined && { locale: patch.locale }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  if (!user) throw notFound("User not found");
  forgetUser(id);
  return user;
}
