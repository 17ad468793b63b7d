import pg from 'pg';

/**
 * A fresh database on the server of `adminUrl`: empty, or a copy of the database named `template` (which nobody may be
 * connected to meanwhile). Its `drop` drops it.
 */
export async function createThrowAwayPostgresDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `vatlas_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${name}${template === undefined ? '' : ` TEMPLATE ${pg.escapeIdentifier(template)}`}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
