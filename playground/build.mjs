// Builds the page into dist/ (committed, and compiled into the server binary):
//   1. the messages and the service of ../proto as JavaScript (buf generate with the local
//      protoc-gen-es plugin; see buf.gen.yaml) into gen/ (not committed);
//   2. src/main.js and everything it imports, bundled and minified by esbuild into
//      dist/playground.js; src/style.css into dist/playground.css; src/index.html copied.
// Every tool is pinned in package-lock.json and esbuild's output depends only on its input, so
// the same sources give the same bytes: CI rebuilds and compares (see .ci/run).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, "node_modules", ".bin");
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };

rmSync(join(here, "gen"), { recursive: true, force: true });
execFileSync(join(bin, "buf"), ["generate", "..", "--template", "buf.gen.yaml"], { cwd: here, env, stdio: "inherit" });

mkdirSync(join(here, "dist"), { recursive: true });
const common = {
  bundle: true,
  minify: true,
  legalComments: "none",
  charset: "utf8",
  target: ["es2022"],
  logLevel: "warning",
  absWorkingDir: here,
};
await esbuild.build({ ...common, entryPoints: ["src/main.js"], format: "esm", outfile: "dist/playground.js" });
await esbuild.build({ ...common, entryPoints: ["src/style.css"], outfile: "dist/playground.css" });
copyFileSync(join(here, "src", "index.html"), join(here, "dist", "index.html"));
