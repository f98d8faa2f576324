/**
 * Where uploaded files go. Keys are chosen by Sightline (random, with the extension of the
 * detected type, see `newStorageKey`), never by the client, and are never reused: a replaced file
 * is deleted and the new one gets a new key, so its URL can be cached forever.
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  /** Stores the bytes and returns the URL (absolute, or a path on this app) they are served at. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}
