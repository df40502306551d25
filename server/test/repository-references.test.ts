/**
 * The repository cites only what it holds (docs/README.md): no comment or document points to a section of a spec
 * or design document, or to an issue number, that a reader of the repository cannot open, and every page and
 * heading of docs/ a comment cites is there.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OUTSIDE_REFERENCE = /§|\bissue #?\d+/i;
const TEXT_FILE = /\.(ts|tsx|mjs|js|json|md|css|html|yaml|yml|sh)$|^\.ci\/run$/;
const DOCS_CITATION = /docs\/[\w/.-]+\.md(?:#[\w-]+)?/g;
/** A Markdown link to a page or heading of the repository (not to a web address, nor to a folder). */
const MARKDOWN_LINK = /\]\(((?:[\w./-]+\.md)?(?:#[\w-]+)?)\)/g;
/** This file, which names the marks it looks for. */
const SELF = path.relative(ROOT, import.meta.filename);

/** The files git tracks, or would track once added (new files included, ignored ones not). */
function repositoryFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return listed
    .split("\0")
    .filter((file) => TEXT_FILE.test(file) && file !== "package-lock.json" && file !== SELF);
}

/** Each line citing something outside the repository, as "file:line: text". */
function outsideReferences(file: string, text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, index) => (OUTSIDE_REFERENCE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

/** The anchors of a Markdown page's headings. */
const anchorsOf = (markdown: string) =>
  new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading = ""]) => anchorOf(heading)));

/** The pages (from the repository's root) and anchors a file cites: docs/ anywhere, and a Markdown page's links. */
function citationsOf(file: string, text: string): { page: string; anchor?: string; cited: string }[] {
  const fromRoot = [...text.matchAll(DOCS_CITATION)].map(([cited]) => ({ cited, target: cited, base: "" }));
  const links = file.endsWith(".md")
    ? [...text.matchAll(MARKDOWN_LINK)].map(([, cited = ""]) => ({
        cited,
        target: cited,
        base: path.dirname(file),
      }))
    : [];
  return [...fromRoot, ...links].map(({ cited, target, base }) => {
    const [page = "", anchor] = target.split("#");
    return { page: page === "" ? file : path.join(base, page), anchor, cited };
  });
}

/** Each citation whose page or heading is missing, as "file: citation". */
function brokenCitations(files: Map<string, string>): string[] {
  return [...files].flatMap(([file, text]) =>
    citationsOf(file, text).flatMap(({ page, anchor, cited }) => {
      const target = files.get(page);
      const found = target !== undefined && (anchor === undefined || anchorsOf(target).has(anchor));
      return found ? [] : [`${file}: ${cited}`];
    }),
  );
}

describe("references", () => {
  const files = new Map(repositoryFiles().map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")]));

  it("cite nothing outside the repository", () => {
    expect([...files].flatMap(([file, text]) => outsideReferences(file, text))).toEqual([]);
  });

  it("to docs/ name a page and heading that are there", () => {
    expect(brokenCitations(files)).toEqual([]);
  });

  it("are found by their marks", () => {
    expect(outsideReferences("a.ts", "ok\n// see spec §4.2\n// Issue 28 item 1\n// issue a token")).toEqual([
      "a.ts:2: // see spec §4.2",
      "a.ts:3: // Issue 28 item 1",
    ]);
    const pages = new Map([
      ["docs/a.md", "# A page\n## The hot tenant (Citus)\n"],
      ["b.ts", "// docs/a.md#the-hot-tenant-citus docs/a.md#gone docs/c.md"],
      ["docs/d.md", "[a](a.md#a-page), [here](#nowhere), [web](https://example.com/x.md)"],
    ]);
    expect(brokenCitations(pages)).toEqual([
      "b.ts: docs/a.md#gone",
      "b.ts: docs/c.md",
      "docs/d.md: #nowhere",
    ]);
  });
});
