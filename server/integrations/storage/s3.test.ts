import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeS3, type FakeS3 } from "../../../tests/fakes/s3";
import { S3Storage } from "./s3";

let fake: FakeS3;
beforeEach(async () => {
  fake = await createFakeS3();
});
afterEach(() => fake.close());

const storage = (overrides: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
  new S3Storage({
    bucket: fake.bucket,
    region: fake.region,
    endpoint: fake.url,
    credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
    forcePathStyle: true,
    publicUrl: "https://cdn.example.test/media/",
    ...overrides,
  });

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describe("S3Storage (AWS SDK against a local S3)", () => {
  it("puts the bytes with their type and cache policy, signed, and answers the public URL", async () => {
    const url = await storage().put("academy/courses/0b0c8a52-2f3e-4c61-9d1f-6a3f2b7d9e10.png", new Uint8Array(PNG), "image/png");

    expect(url).toBe("https://cdn.example.test/media/academy/courses/0b0c8a52-2f3e-4c61-9d1f-6a3f2b7d9e10.png");
    const stored = fake.objects.get("academy/courses/0b0c8a52-2f3e-4c61-9d1f-6a3f2b7d9e10.png");
    expect(stored?.body.equals(PNG)).toBe(true);
    expect(stored?.contentType).toBe("image/png");
    expect(stored?.cacheControl).toBe("public, max-age=31536000, immutable");
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "PUT", path: `/${fake.bucket}/academy/courses/0b0c8a52-2f3e-4c61-9d1f-6a3f2b7d9e10.png`, status: 200 });
    expect(request.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${fake.accessKeyId}/\\d{8}/${fake.region}/s3/aws4_request`));
    // No checksum trailer or aws-chunked encoding: plain bodies work on every S3-compatible service.
    expect(request.headers["content-encoding"]).toBeUndefined();
    expect(request.headers["x-amz-content-sha256"]).not.toMatch(/^STREAMING/);
  });

  it("deletes, and deleting a missing key is no error", async () => {
    const s3 = storage();
    await s3.put("academy/videos/5d1c3c2e-8a4b-4f4e-b1a2-9c8d7e6f5a4b.gif", new Uint8Array(Buffer.from("GIF89a-fake")), "image/gif");
    expect(fake.objects.size).toBe(1);
    await s3.delete("academy/videos/5d1c3c2e-8a4b-4f4e-b1a2-9c8d7e6f5a4b.gif");
    expect(fake.objects.size).toBe(0);
    await expect(s3.delete("academy/videos/5d1c3c2e-8a4b-4f4e-b1a2-9c8d7e6f5a4b.gif")).resolves.toBeUndefined();
    expect(fake.requests.map((request) => [request.method, request.status])).toEqual([
      ["PUT", 200],
      ["DELETE", 204],
      ["DELETE", 204],
    ]);
  });

  it("fails when S3 refuses: a wrong secret is a signature mismatch, nothing is stored", async () => {
    const wrong = storage({ credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: "not-the-secret" } });
    await expect(wrong.put("academy/courses/a.png", new Uint8Array(PNG), "image/png")).rejects.toMatchObject({ name: "SignatureDoesNotMatch" });
    expect(fake.objects.size).toBe(0);
  });

  it("refuses keys it did not make, before any request", async () => {
    for (const key of ["../secret.png", "academy/../../x.png", "academy/evil.svg", "Academy/x.png", "academy/x.png?x=1"]) {
      await expect(storage().put(key, new Uint8Array(PNG), "image/png"), key).rejects.toThrow(/Not a storage key/);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("links objects on the bucket's own address without S3_PUBLIC_URL", () => {
    const key = "academy/courses/x.png";
    expect(storage({ publicUrl: undefined }).publicUrl(key)).toBe(`${fake.url}/${fake.bucket}/${key}`);
    expect(storage({ publicUrl: undefined, endpoint: "https://acc.r2.cloudflarestorage.com", forcePathStyle: false }).publicUrl(key)).toBe(
      `https://${fake.bucket}.acc.r2.cloudflarestorage.com/${key}`,
    );
    expect(storage({ publicUrl: undefined, endpoint: undefined, forcePathStyle: false }).publicUrl(key)).toBe(`https://${fake.bucket}.s3.${fake.region}.amazonaws.com/${key}`);
  });
});
