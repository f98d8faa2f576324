import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pgliteDataDir } from "./client";
import { DataDirInUse, lockDataDir, lockFileOf } from "./data-dir-lock";

let root: string;
let dir: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "sightline-lock-"));
  dir = path.join(root, "data", "pglite");
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const holder = (pid: number, host = os.hostname()) => JSON.stringify({ pid, host, since: "2026-11-23T10:00:00.000Z" });

describe("lockDataDir", () => {
  it("holds the directory until released, then lets the next holder in", () => {
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lockFileOf(dir), "utf8"))).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.pid} \\(since .*\\): stop Sightline first`));
    release();
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
    lockDataDir(dir)();
  });

  it("takes over a lock whose process has ended on this host", () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(lockFileOf(dir), holder(dead));
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lockFileOf(dir), "utf8")).pid).toBe(process.pid);
    release();
  });

  it.each([
    ["held from another host, which cannot be checked from here", holder(1, "another-host"), /in use by process 1 on another-host/],
    ["unreadable", "", /in use by another process \(.*pglite\.lock is unreadable\)/],
  ])("respects a lock %s", (_, content, message) => {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(lockFileOf(dir), content);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    expect(() => lockDataDir(dir)).toThrow(message);
    expect(fs.readFileSync(lockFileOf(dir), "utf8")).toBe(content);
  });

  it("does not remove a lock that another holder took in the meantime", () => {
    const release = lockDataDir(dir);
    fs.writeFileSync(lockFileOf(dir), holder(1, "another-host"));
    release();
    expect(fs.existsSync(lockFileOf(dir))).toBe(true);
  });
});

describe("pgliteDataDir", () => {
  it.each([
    ["data/pglite", path.resolve("data/pglite")],
    ["pglite:/var/lib/sightline/db", "/var/lib/sightline/db"],
    ["postgres://u@h/db", null],
    ["postgresql://u@h/db", null],
    ["memory://", null],
    ["pglite:memory://", null],
  ])("%s → %s", (target, expected) => {
    expect(pgliteDataDir(target)).toBe(expected);
  });
});
