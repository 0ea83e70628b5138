/**
 * A package registry on 127.0.0.1 serving the packages this checkout's `npm ci` installed, so a test can run
 * `npm install -g <tarball>` as a user does — dependency resolution, the global prefix, the bin link — with no
 * network and without relying on what npm's cache happens to hold (a fresh machine's cache has the tarballs
 * `npm ci` fetched but not the registry metadata a resolving install asks for: ENOTCACHED).
 *
 * It answers the two requests npm makes: the packument (`GET /<name>`, `GET /@scope%2fname`) listing every
 * version found under node_modules/, and the tarball of one version, packed on first request from the
 * installed directory (GNU tar, `package/` prefix, nested node_modules left out).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, join } from "node:path";

interface Found {
  dir: string;
  manifest: Record<string, unknown> & { name: string; version: string };
}

/** Every package directory under `modules` (nested node_modules included), by name then version. */
function collect(
  modules: string,
  out = new Map<string, Map<string, Found>>(),
): Map<string, Map<string, Found>> {
  let names: string[];
  try {
    names = fs.readdirSync(modules);
  } catch {
    return out;
  }
  for (const n of names) {
    if (n.startsWith(".")) continue;
    const dirs = n.startsWith("@")
      ? fs.readdirSync(join(modules, n)).map((s) => join(modules, n, s))
      : [join(modules, n)];
    for (const dir of dirs) {
      let manifest: Found["manifest"];
      try {
        manifest = JSON.parse(fs.readFileSync(join(dir, "package.json"), "utf8"));
      } catch {
        continue;
      }
      if (typeof manifest.name !== "string" || typeof manifest.version !== "string") continue;
      const versions = out.get(manifest.name) ?? new Map<string, Found>();
      versions.set(manifest.version, { dir, manifest });
      out.set(manifest.name, versions);
      collect(join(dir, "node_modules"), out);
    }
  }
  return out;
}

export interface LocalRegistry {
  url: string;
  /** Package names npm asked for (to check that resolution went through the registry). */
  asked: Set<string>;
  close(): Promise<void>;
}

export async function startLocalRegistry(modules: string, workDir: string): Promise<LocalRegistry> {
  const packages = collect(modules);
  const tarballs = new Map<string, { file: string; integrity: string; shasum: string }>();
  const asked = new Set<string>();
  fs.mkdirSync(workDir, { recursive: true });

  const pack = (f: Found) => {
    const key = `${f.manifest.name}@${f.manifest.version}`;
    let t = tarballs.get(key);
    if (t) return t;
    const file = join(workDir, `${key.replace(/[@/]/g, "_")}.tgz`);
    const r = spawnSync(
      "tar",
      ["-czf", file, "--exclude=./node_modules", "--transform", "s,^\\.,package,", "-C", f.dir, "."],
      { encoding: "utf8" },
    );
    if (r.status !== 0) throw new Error(`tar failed for ${key}: ${r.stderr}`);
    const bytes = fs.readFileSync(file);
    t = {
      file,
      integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
      shasum: createHash("sha1").update(bytes).digest("hex"),
    };
    tarballs.set(key, t);
    return t;
  };

  let base = "";
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/").slice(1);
    const tgz = /^(.+)\/-\/([^/]+)-(\d[^/]*)\.tgz$/.exec(path);
    const name = tgz ? (tgz[1] as string) : path;
    const versions = packages.get(name);
    if (!versions) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
      return;
    }
    asked.add(name);
    if (tgz) {
      const found = versions.get(tgz[3] as string);
      if (!found) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/octet-stream" });
      fs.createReadStream(pack(found).file).pipe(res);
      return;
    }
    const doc = { name, "dist-tags": {} as Record<string, string>, versions: {} as Record<string, unknown> };
    let latest = "";
    for (const [v, f] of versions) {
      const t = pack(f);
      const file = `${basename(name)}-${v}.tgz`;
      doc.versions[v] = {
        ...f.manifest,
        dist: { tarball: `${base}/${name}/-/${file}`, integrity: t.integrity, shasum: t.shasum },
      };
      if (!latest || v.localeCompare(latest, undefined, { numeric: true }) > 0) latest = v;
    }
    doc["dist-tags"].latest = latest;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(doc));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    asked,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
