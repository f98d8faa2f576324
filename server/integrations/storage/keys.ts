/** The only types Sightline stores, by extension. SVG is left out on purpose: it can carry script. */
export const STORED_TYPES = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" } as const;
export type StoredExtension = keyof typeof STORED_TYPES;

/** `folder/…/<name>.<ext>`: lower-case letters, digits and dashes only, so a key can never climb out of its root. */
const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9-]*\/)*[a-z0-9][a-z0-9-]*\.(jpg|png|webp|gif)$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 200 && KEY_PATTERN.test(key);
}

export function contentTypeOfKey(key: string): string | undefined {
  const match = KEY_PATTERN.exec(key);
  return match ? STORED_TYPES[match[1] as StoredExtension] : undefined;
}

export function newStorageKey(folder: string, extension: StoredExtension): string {
  return `${folder}/${crypto.randomUUID()}.${extension}`;
}
