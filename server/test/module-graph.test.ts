/**
 * The modules of server/src/modules depend on each other without a loop: a module that imports another (through
 * any of its files, types included) is never imported back, directly or through others. A loop would let
 * neither be read, tested or moved without the other (ARCHITECTURE.md).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const MODULES_DIR = path.resolve(import.meta.dirname, "../src/modules");

/** The module a file of server/src/modules belongs to (its first folder there), or undefined outside it. */
function moduleOf(file: string): string | undefined {
  const relative = path.relative(MODULES_DIR, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? name : undefined;
}

/** Each module and the other modules its files import. */
function moduleGraph(dir = MODULES_DIR): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) =>
    file.endsWith(".ts"),
  );
  for (const relative of files) {
    const file = path.join(dir, relative);
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const to = moduleOf(path.resolve(path.dirname(file), fileName));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The first loop found, as the modules along it with the first one again at the end; undefined when none. */
function findLoop(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] | undefined {
  const done = new Set<string>();
  const visit = (name: string, trail: string[]): string[] | undefined => {
    const seen = trail.indexOf(name);
    if (seen >= 0) return [...trail.slice(seen), name];
    if (done.has(name)) return undefined;
    for (const next of graph.get(name) ?? []) {
      const loop = visit(next, [...trail, name]);
      if (loop) return loop;
    }
    done.add(name);
    return undefined;
  };
  for (const name of [...graph.keys()].sort()) {
    const loop = visit(name, []);
    if (loop) return loop;
  }
  return undefined;
}

describe("the module graph", () => {
  it("has no loop", () => {
    const loop = findLoop(moduleGraph());
    expect(loop, `modules import each other in a loop: ${loop?.join(" → ")}`).toBeUndefined();
  });

  it("finds a loop, naming it", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(findLoop(graph)).toEqual(["a", "b", "c", "a"]);
    expect(findLoop(new Map([["a", new Set(["b"])]]))).toBeUndefined();
  });
});
