import { DeleteObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { FileStorage } from "./types";
import { isStorageKey } from "./keys";

export type S3Options = {
  bucket: string;
  region: string;
  /** Another S3-compatible service than AWS; unset: AWS S3 in `region`. */
  endpoint?: string;
  /** Unset: the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where the bucket's objects are publicly readable (a CDN, R2's public URL); unset: the bucket's own address. */
  publicUrl?: string;
  forcePathStyle?: boolean;
};

/** Any S3-compatible storage, through AWS's SDK (PutObject, DeleteObject). */
export class S3Storage implements FileStorage {
  readonly kind = "s3" as const;
  readonly client: S3Client;

  constructor(readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      credentials: options.credentials,
      forcePathStyle: options.forcePathStyle,
      // Checksums only where S3 requires them: several S3-compatible services refuse the newer
      // default (CRC32 headers on every upload).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<string> {
    this.check(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.byteLength,
        // Keys are never reused, so whoever serves the object may keep it for good.
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
    return this.publicUrl(key);
  }

  async delete(key: string): Promise<void> {
    this.check(key);
    // S3 answers 204 for a key that does not exist: deleting twice is fine.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  publicUrl(key: string): string {
    const { bucket, region, endpoint, publicUrl, forcePathStyle } = this.options;
    if (publicUrl) return `${publicUrl.replace(/\/+$/, "")}/${key}`;
    if (endpoint) {
      const base = new URL(endpoint);
      const origin = base.origin;
      return forcePathStyle ? `${origin}/${bucket}/${key}` : `${base.protocol}//${bucket}.${base.host}/${key}`;
    }
    return forcePathStyle ? `https://s3.${region}.amazonaws.com/${bucket}/${key}` : `https://${bucket}.s3.${region}.amazonaws.com/${key}`;
  }

  private check(key: string) {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
}
