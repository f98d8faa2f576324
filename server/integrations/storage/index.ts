import path from "node:path";
import { getConfig } from "../../config";
import { LocalStorage } from "./local";
import { S3Storage } from "./s3";
import type { FileStorage } from "./types";

export type { FileStorage };

export { contentTypeOfKey, isStorageKey, newStorageKey, STORED_TYPES, type StoredExtension } from "./keys";


/** The public path of the local storage's files (server/app.ts serves it). */
export const LOCAL_UPLOADS_PATH = "/uploads";

export function localUploadsDir(): string {
  return path.resolve(getConfig().DATA_DIR, "uploads");
}

let cached: { key: string; storage: FileStorage } | undefined;

/** S3-compatible storage when S3_BUCKET is set, else the local disk; one instance per configuration. */
export function getStorage(): FileStorage {
  const config = getConfig();
  const key = [
    config.S3_BUCKET,
    config.S3_REGION,
    config.S3_ENDPOINT,
    config.S3_ACCESS_KEY_ID,
    config.S3_SECRET_ACCESS_KEY,
    config.S3_PUBLIC_URL,
    config.S3_FORCE_PATH_STYLE,
    config.DATA_DIR,
  ].join("|");
  if (cached?.key !== key) {
    const storage: FileStorage = config.S3_BUCKET
      ? new S3Storage({
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          credentials:
            config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
              : undefined,
          publicUrl: config.S3_PUBLIC_URL,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        })
      : new LocalStorage(localUploadsDir(), LOCAL_UPLOADS_PATH);
    cached = { key, storage };
  }
  return cached.storage;
}
