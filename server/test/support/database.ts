/**
 * A fresh PostgreSQL database per test file when DATABASE_URL is set; PGlite in memory otherwise. When
 * DATABASE_URL names a Citus coordinator (the `citus` extension in it), the database is made on every node
 * of the cluster, with the extension, and the coordinator's copy knows the workers: Citus keeps its cluster's
 * metadata per database, so a new database starts as a cluster of its own. The bench (bench/run.ts) makes its
 * databases here too.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface TestDatabase {
  url: string | undefined;
  drop(): Promise<void>;
}

async function withAdminClient<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface Node {
  host: string;
  port: number;
}

/** The same server and user as `baseUrl`, another node or database. */
function urlOf(baseUrl: string, node: Node | null, database: string | null): string {
  const url = new URL(baseUrl);
  if (node) {
    url.hostname = node.host;
    url.port = String(node.port);
  }
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

/** The cluster's coordinator and workers when `baseUrl` is a Citus coordinator; null on plain PostgreSQL. */
async function citusNodes(baseUrl: string): Promise<{ coordinator: Node; workers: Node[] } | null> {
  return withAdminClient(baseUrl, async (client) => {
    const { rows } = await client.query<{ present: boolean }>(
      "select exists (select 1 from pg_extension where extname = 'citus') as present",
    );
    if (!rows[0]?.present) return null;
    const nodes = await client.query<{ host: string; port: number; group_id: number }>(
      "select nodename as host, nodeport as port, groupid as group_id from pg_dist_node where noderole = 'primary' and isactive",
    );
    const coordinator = nodes.rows.find((node) => node.group_id === 0);
    if (!coordinator)
      throw new Error("the Citus coordinator is not in pg_dist_node (citus_set_coordinator_host)");
    return { coordinator, workers: nodes.rows.filter((node) => node.group_id !== 0) };
  });
}

/** Where a database is made: the server (or cluster) of `baseUrl`, and the test settings below. */
export interface DatabaseOptions {
  prefix: string;
  /**
   * Shards of each distributed table on Citus (the cluster's default, 32, when absent). Placing every table
   * makes its shards in the migration's transaction: 4 a table (2 a worker) make a test file's start seconds
   * faster and still spread the companies over the workers.
   */
  shardCount?: number;
}

async function createCitusDatabase(
  baseUrl: string,
  name: string,
  cluster: { coordinator: Node; workers: Node[] },
  shardCount: number | undefined,
) {
  for (const worker of cluster.workers) {
    await withAdminClient(urlOf(baseUrl, worker, null), (client) => client.query(`create database ${name}`));
    await withAdminClient(urlOf(baseUrl, worker, name), (client) => client.query("create extension citus"));
  }
  await withAdminClient(baseUrl, (client) => client.query(`create database ${name}`));
  await withAdminClient(urlOf(baseUrl, null, name), async (client) => {
    await client.query("create extension citus");
    if (shardCount) await client.query(`alter database ${name} set citus.shard_count = ${shardCount}`);
    // Counts single- and multi-shard statements per database (test/citus-routing.test.ts reads them).
    await client.query(`alter database ${name} set citus.enable_stat_counters = on`);
    const { host, port } = cluster.coordinator;
    await client.query("select citus_set_coordinator_host($1, $2)", [host, port]);
    for (const worker of cluster.workers) {
      await client.query("select citus_add_node($1, $2)", [worker.host, worker.port]);
    }
  });
}

/** Whether DATABASE_URL names a Citus coordinator: the tests about the cluster run only there. */
export async function onCitus(): Promise<boolean> {
  const baseUrl = process.env.DATABASE_URL;
  return baseUrl !== undefined && (await citusNodes(baseUrl)) !== null;
}

/** A new database on the server or cluster of `baseUrl`, dropped (on every node) by `drop`. */
export async function createDatabase(
  baseUrl: string,
  { prefix, shardCount }: DatabaseOptions,
): Promise<TestDatabase & { url: string; citus: boolean }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const cluster = await citusNodes(baseUrl);
  if (cluster) await createCitusDatabase(baseUrl, name, cluster, shardCount);
  else await withAdminClient(baseUrl, (client) => client.query(`create database ${name}`));
  const servers = cluster ? [null, ...cluster.workers] : [null];
  return {
    url: urlOf(baseUrl, null, name),
    citus: cluster !== null,
    drop: async () => {
      for (const server of servers) {
        await withAdminClient(urlOf(baseUrl, server, null), (client) =>
          client.query(`drop database if exists ${name} with (force)`),
        );
      }
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { url: undefined, drop: async () => {} };
  return createDatabase(baseUrl, { prefix: "pc_test", shardCount: 4 });
}
