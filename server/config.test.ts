import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const base = { SECRET_KEY: "x".repeat(40), DATA_DIR: "/tmp/sightline-config-test" };

describe("DATABASE_URL", () => {
  it.each([
    ["postgres://app@db.internal:5432/sightline"],
    ["postgresql://app:secret@db.internal/sightline?sslmode=require"],
    ["pglite:/var/lib/sightline/db"],
    ["pglite:./data/pglite"],
    ["memory://"],
  ])("accepts %s", (url) => {
    expect(loadConfig({ ...base, DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it("unset or empty means PGlite in DATA_DIR", () => {
    expect(loadConfig(base).DATABASE_URL).toBeUndefined();
    expect(loadConfig({ ...base, DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it.each([["mysql://root@localhost/sightline"], ["postgres:/db"], ["./data/pglite"], ["sqlite:app.db"], ["pglite:"], ["memory:"]])(
    "refuses %s in one line that says what was expected",
    (url) => {
      let error: unknown;
      try {
        loadConfig({ ...base, DATABASE_URL: url });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).not.toContain("\n");
      expect(message).toMatch(/^Invalid environment: DATABASE_URL: expected postgres:\/\/…, postgresql:\/\/… .* or pglite:PATH/);
    },
  );
});

describe("APP_URL", () => {
  it("is the public origin only when the operator set it", () => {
    expect(loadConfig(base)).toMatchObject({ APP_URL: "http://localhost:3000", PUBLIC_ORIGIN: null, HTTPS: false });
    expect(loadConfig({ ...base, APP_URL: "https://app.example.com/" })).toMatchObject({
      APP_URL: "https://app.example.com",
      PUBLIC_ORIGIN: "https://app.example.com",
      HTTPS: true,
    });
  });
});

describe("SECRET_KEY", () => {
  it("without one, a key is made in DATA_DIR only when something needs it", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sightline-config-"));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(fs.existsSync(path.join(dataDir, "secret.key"))).toBe(false);
      const key = config.SECRET_KEY;
      expect(key.length).toBeGreaterThanOrEqual(32);
      expect(fs.readFileSync(path.join(dataDir, "secret.key"), "utf8")).toBe(key);
      // The next process reads the same one.
      expect(loadConfig({ DATA_DIR: dataDir }).SECRET_KEY).toBe(key);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
