import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local S3-compatible server for the storage adapter's SDK: path-style PutObject, GetObject,
 * HeadObject and DeleteObject on one bucket, every request checked as S3 checks it (AWS Signature
 * Version 4 over the canonical request, and the body against its signed SHA-256), errors as S3's
 * XML. Aws-chunked uploads are refused: the adapter is expected to send plain bodies.
 */
export type FakeS3Object = { body: Buffer; contentType: string | undefined; cacheControl: string | undefined; etag: string };

export type FakeS3Request = { method: string; path: string; headers: http.IncomingHttpHeaders; status: number; error?: string };

export type FakeS3 = {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key. */
  objects: Map<string, FakeS3Object>;
  /** Every request with the status it got, oldest first. */
  requests: FakeS3Request[];
  /** The next requests fail with this S3 error (e.g. 503 SlowDown) instead of being served. */
  failNext(count: number, status?: number, code?: string): void;
  close(): Promise<void>;
};

export type FakeS3Options = { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string };

export async function createFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? "sightline-test";
  const region = options.region ?? "eu-west-3";
  const accessKeyId = options.accessKeyId ?? "AKIAFAKES3TEST";
  const secretAccessKey = options.secretAccessKey ?? "fake-s3-secret-key-for-tests";
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3Request[] = [];
  let failures: { count: number; status: number; code: string } = { count: 0, status: 503, code: "SlowDown" };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://fake");
    const record: FakeS3Request = { method: req.method ?? "", path: url.pathname, headers: req.headers, status: 0 };
    requests.push(record);

    const fail = (status: number, code: string, message: string) => {
      record.status = status;
      record.error = code;
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>fake</RequestId></Error>`;
      res.writeHead(status, { "content-type": "application/xml", "x-amz-request-id": "fake" });
      res.end(req.method === "HEAD" ? undefined : xml);
    };

    if (failures.count > 0) {
      failures.count--;
      return fail(failures.status, failures.code, "Scripted failure");
    }
    const problem = checkSignature(req, url, body, { accessKeyId, secretAccessKey, region });
    if (problem) return fail(403, problem.code, problem.message);

    const [, bucketName, ...rest] = url.pathname.split("/");
    if (bucketName !== bucket) return fail(404, "NoSuchBucket", "The specified bucket does not exist");
    const key = decodeURIComponent(rest.join("/"));
    if (!key) return fail(400, "InvalidRequest", "This fake serves objects only");

    switch (req.method) {
      case "PUT": {
        if (String(req.headers["content-encoding"] ?? "").includes("aws-chunked")) return fail(501, "NotImplemented", "aws-chunked is not supported here");
        const length = Number(req.headers["content-length"]);
        if (!Number.isFinite(length) || length !== body.length) return fail(400, "IncompleteBody", "Content-Length does not match the body");
        const etag = `"${crypto.createHash("md5").update(body).digest("hex")}"`;
        objects.set(key, {
          body,
          contentType: req.headers["content-type"],
          cacheControl: req.headers["cache-control"],
          etag,
        });
        record.status = 200;
        res.writeHead(200, { etag, "x-amz-request-id": "fake" });
        return res.end();
      }
      case "GET":
      case "HEAD": {
        const object = objects.get(key);
        if (!object) return fail(404, "NoSuchKey", "The specified key does not exist.");
        record.status = 200;
        res.writeHead(200, {
          etag: object.etag,
          "content-type": object.contentType ?? "binary/octet-stream",
          "content-length": String(object.body.length),
          ...(object.cacheControl && { "cache-control": object.cacheControl }),
        });
        return res.end(req.method === "HEAD" ? undefined : object.body);
      }
      case "DELETE": {
        // S3 answers 204 whether or not the key existed.
        objects.delete(key);
        record.status = 204;
        res.writeHead(204, { "x-amz-request-id": "fake" });
        return res.end();
      }
      default:
        return fail(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    failNext(count, status = 503, code = "SlowDown") {
      failures = { count, status, code };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

type Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

/** AWS Signature Version 4, header form, as S3 verifies it. */
function checkSignature(req: http.IncomingMessage, url: URL, body: Buffer, credentials: Credentials): { code: string; message: string } | undefined {
  const authorization = req.headers.authorization ?? "";
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!match) return { code: "AccessDenied", message: "Missing or malformed AWS4-HMAC-SHA256 authorization" };
  const [, keyId, date, region, signedHeaderList, signature] = match;
  if (keyId !== credentials.accessKeyId) return { code: "InvalidAccessKeyId", message: "The AWS Access Key Id you provided does not exist in our records." };
  if (region !== credentials.region) return { code: "AuthorizationHeaderMalformed", message: `The region '${region}' is wrong; expecting '${credentials.region}'` };
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(date)) return { code: "AccessDenied", message: "x-amz-date does not match the credential scope" };
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (!payloadHash) return { code: "InvalidRequest", message: "Missing required header for this request: x-amz-content-sha256" };
  if (payloadHash.startsWith("STREAMING-")) return { code: "NotImplemented", message: "Streaming (aws-chunked) payloads are not supported here" };
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) {
    return { code: "XAmzContentSHA256Mismatch", message: "The provided 'x-amz-content-sha256' header does not match what was computed." };
  }
  const signedHeaders = signedHeaderList.split(";");
  if (!signedHeaders.includes("host")) return { code: "AccessDenied", message: "host must be signed" };
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${headerValue(req, name)}\n`).join("");
  const canonicalQuery = [...url.searchParams.entries()]
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalRequest = [req.method, url.pathname, canonicalQuery, canonicalHeaders, signedHeaderList, payloadHash].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const key = ["s3", "aws4_request"].reduce((k, part) => hmac(k, part), hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region));
  const expected = hmac(key, stringToSign).toString("hex");
  if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
    return { code: "SignatureDoesNotMatch", message: "The request signature we calculated does not match the signature you provided." };
  }
  return undefined;
}

function headerValue(req: http.IncomingMessage, name: string) {
  const value = req.headers[name];
  return (Array.isArray(value) ? value.join(",") : (value ?? "")).trim().replace(/\s+/g, " ");
}

const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => crypto.createHmac("sha256", key).update(data).digest();
