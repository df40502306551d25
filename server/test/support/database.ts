/** A fresh PostgreSQL database per test file when DATABASE_URL is set; PGlite in memory otherwise. */
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

export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { url: undefined, drop: async () => {} };
  const name = `pc_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(baseUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdminClient(baseUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}
