/**
 * The process's shared dependencies, decorated once on the root instance (app.ts registers this plugin
 * first): plugins read `app.db`, `app.config`, `app.timeZone` instead of taking them as options.
 *
 * The declarations below type `app.db` in every plugin, whether or not this plugin was registered before it.
 * A plugin that reads them is therefore made with `withDeps`: Fastify then checks at registration that this
 * one came first, and a missing one fails the boot (FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED) instead of the
 * plugin's first request.
 */
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifyTypeProvider,
  RawServerDefault,
} from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";
import type { DatabaseHandle, Db } from "../db/database.ts";
import type { LoginKey } from "../modules/identity/service.ts";

export interface Deps {
  config: Config;
  database: DatabaseHandle;
  loginKey: LoginKey;
}

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    /** For what takes more than queries: the database's kind, pool, dropped connections and exports. */
    database: DatabaseHandle;
    /** The queries' database (`database.db`). */
    db: Db;
    /** REPORT_TZ: where a report's day begins, and the zone of the times the API answers. */
    timeZone: string;
    loginKey: LoginKey;
  }
}

const DEPS = "deps";

async function depsPlugin(app: FastifyInstance, { config, database, loginKey }: Deps) {
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("timeZone", config.REPORT_TZ);
  app.decorate("loginKey", loginKey);
}

export const deps = fp(depsPlugin, { name: DEPS });

/**
 * A plugin that reads the decorators above, under its name and depending on them. Encapsulated unless told
 * otherwise, as a plain plugin is: its routes, hooks and parsers stay its own.
 */
export function withDeps<Options extends FastifyPluginOptions, TypeProvider extends FastifyTypeProvider>(
  name: string,
  plugin: FastifyPluginAsync<Options, RawServerDefault, TypeProvider>,
  { encapsulate = true } = {},
): FastifyPluginAsync<Options, RawServerDefault, TypeProvider> {
  return fp(plugin, { name, dependencies: [DEPS], encapsulate });
}
