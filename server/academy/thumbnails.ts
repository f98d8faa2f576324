import { eq } from "drizzle-orm";
import { ApiError, badRequest, notFound } from "../http/errors";
import { fieldError } from "../http/field-errors";
import type { Database, Executor } from "../db/client";
import { courses, videos } from "../db/schema";
import { getStorage, newStorageKey } from "../integrations/storage";
import { detectImageType } from "../integrations/storage/image-type";
import { logger } from "../logger";
import { MAX_THUMBNAIL_BYTES } from "#domain/academy";

/** Whose thumbnail: a course's or a video's. */
export type ThumbnailTarget = { kind: "course" | "video"; id: string };

// ---- admin: thumbnails ------------------------------------------------------------------------

const thumbnailTable = (target: ThumbnailTarget) => (target.kind === "course" ? courses : videos);

async function currentThumbnail(tx: Executor, target: ThumbnailTarget, lock: boolean) {
  const table = thumbnailTable(target);
  const query = tx.select({ key: table.thumbnailKey }).from(table).where(eq(table.id, target.id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(target.kind === "course" ? "Course not found" : "Video not found");
  return row;
}

/** Sets (or clears) a thumbnail; the file it replaces, if Sightline stored it, is deleted after the commit. */
async function replaceThumbnail(db: Database, target: ThumbnailTarget, url: string | null, key: string | null) {
  const table = thumbnailTable(target);
  const previous = await db.transaction(async (tx) => {
    const { key: old } = await currentThumbnail(tx, target, true);
    await tx.update(table).set({ thumbnailUrl: url, thumbnailKey: key, updatedAt: new Date() }).where(eq(table.id, target.id));
    return old;
  });
  if (previous && previous !== key) await removeStored([previous]);
  return { thumbnail_url: url };
}

/**
 * An uploaded image: its type is read from its first bytes (JPEG, PNG, WebP, GIF), never taken from
 * the declared type or the name, and it is stored under a new random key with that type.
 */
export async function uploadThumbnail(db: Database, target: ThumbnailTarget, bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw badRequest("The file is empty", { code: "file_empty", errors: fieldError("file", "file_empty", "The file is empty") });
  if (bytes.byteLength > MAX_THUMBNAIL_BYTES) throw fileTooLarge();
  const type = detectImageType(bytes);
  if (!type) {
    const message = "The file must be a JPEG, PNG, WebP or GIF image";
    throw badRequest(message, { code: "file_type", errors: fieldError("file", "file_type", message) });
  }
  await currentThumbnail(db, target, false);
  const key = newStorageKey(`academy/${target.kind}s`, type.extension);
  let url: string;
  try {
    url = await getStorage().put(key, bytes, type.contentType);
  } catch (error) {
    logger.error("academy.thumbnail_store_failed", { error: String(error), key });
    throw new ApiError(502, "The image could not be stored. Try again.", { code: "storage_error" });
  }
  try {
    return await replaceThumbnail(db, target, url, key);
  } catch (error) {
    // Deleted meanwhile: the new file would be an orphan.
    await removeStored([key]);
    throw error;
  }
}

export async function setThumbnailUrl(db: Database, target: ThumbnailTarget, url: string) {
  return replaceThumbnail(db, target, url, null);
}

export async function deleteThumbnail(db: Database, target: ThumbnailTarget) {
  return replaceThumbnail(db, target, null, null);
}

export const fileTooLarge = () =>
  new ApiError(413, "The image is larger than 10 MB", { code: "file_size", errors: fieldError("file", "file_size", "The image is larger than 10 MB") });

/** Best effort: a file left behind costs a little storage; a failed request over it would cost the user. */
export async function removeStored(keys: (string | null)[]) {
  const storage = getStorage();
  await Promise.all(
    keys
      .filter((key): key is string => Boolean(key))
      .map((key) =>
        storage.delete(key).catch((error) => {
          logger.warn("academy.thumbnail_delete_failed", { key, error: String(error) });
        }),
      ),
  );
}
