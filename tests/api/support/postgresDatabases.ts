import pg from 'pg';

export interface CreatedDatabase {
  name: string;
  url: string;
}

async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function urlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database on the test server, UTF-8 so Chinese text search behaves as in production: empty, or a
 * copy of `template` (a database no one is connected to).
 */
export async function createUtf8Database(adminUrl: string, name: string, template?: string): Promise<CreatedDatabase> {
  await asAdmin(adminUrl, async (admin) => {
    await admin.query(
      template
        ? `create database ${name} template ${template}`
        : `create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`,
    );
    // A test database is thrown away: its commits need not wait for the disk (the data and its rules are PostgreSQL's as ever).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  });
  return { name, url: urlOf(adminUrl, name) };
}

/** A pool that has closed its sockets: gives the server a moment to see them go (at most two seconds). */
async function awaitDisconnected(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const open = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (open.rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until no one is connected to the database any more, so it can be copied. */
export function awaitUnused(adminUrl: string, name: string): Promise<void> {
  return asAdmin(adminUrl, (admin) => awaitDisconnected(admin, name));
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await asAdmin(adminUrl, async (admin) => {
    await awaitDisconnected(admin, name);
    await admin.query(`drop database if exists ${name} with (force)`);
  });
}
