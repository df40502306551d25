/** The routes the running app serves, read from its router. */
/** The paths of the API (the console, the signed calls, the reporting API), not the web's nor /docs. */
export const API_PATH = /^\/(v1|api|common|sdk|external_api)\//;

/** "METHOD /path" of every route in the router's tree (children continue their parent's path). */
export function routesOfTree(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const path = (depth > 0 ? (stack[depth - 1] ?? "") : "") + (match[2] ?? "");
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim())) {
      if (method && method !== "HEAD") routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
