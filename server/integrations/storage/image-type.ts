import type { StoredExtension } from "./keys";

export type ImageType = { extension: StoredExtension; contentType: string };

/**
 * The image type the bytes actually are (their magic number), whatever name or type the client
 * declared: JPEG, PNG, WebP or GIF; anything else is undefined.
 */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  const starts = (offset: number, signature: number[]) => signature.every((byte, index) => bytes[offset + index] === byte);
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
  if (bytes.length >= 3 && starts(0, [0xff, 0xd8, 0xff])) return { extension: "jpg", contentType: "image/jpeg" };
  if (bytes.length >= 8 && starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { extension: "png", contentType: "image/png" };
  if (bytes.length >= 6 && (starts(0, ascii("GIF87a")) || starts(0, ascii("GIF89a")))) return { extension: "gif", contentType: "image/gif" };
  if (bytes.length >= 12 && starts(0, ascii("RIFF")) && starts(8, ascii("WEBP"))) return { extension: "webp", contentType: "image/webp" };
  return undefined;
}
