/**
 * The decorators of the deps plugin (`app.db`, `app.config`…) are typed in every plugin, registered or not:
 * each plugin reading them depends on it by name, so that Fastify refuses to boot without it rather than the
 * plugin failing on its first request.
 */
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../src/modules/apps/routes.ts";
import { auth } from "../src/plugins/auth.ts";

describe("a plugin registered without the deps plugin", () => {
  it.each([
    { name: "apps", plugin: appRoutes },
    { name: "auth", plugin: auth },
  ])("fails the boot of the app: $name", async ({ name, plugin }) => {
    const app = Fastify();
    app.register(plugin);
    await expect(app.ready()).rejects.toMatchObject({
      code: "FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED",
      message: `The dependency 'deps' of plugin '${name}' is not registered`,
    });
  });
});
