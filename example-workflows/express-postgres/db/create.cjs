// Creates this side's database unless it is there. The server and the database come from DATABASE_URL
// (postgresql://user:password@host:port/name, as Prisma and Knex read it) or else libpq's variables (PGHOST, PGPORT,
// PGUSER, PGPASSWORD, PGDATABASE), which `pg` reads by itself. `.cjs`, so that it runs in a `"type": "module"` app too.
const { Client } = require('pg');

/** The database to create, a connection to the server's `postgres` database to create it from, and one to it. */
function target() {
  const url = process.env.DATABASE_URL;
  if (!url) return { name: process.env.PGDATABASE, admin: { database: 'postgres' }, own: {} };
  const admin = new URL(url);
  const name = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = '/postgres';
  return { name, admin: { connectionString: admin.href }, own: { connectionString: url } };
}

/** Creates the database unless it exists (again on a re-run against the same server); returns how to reach it. */
async function createDatabase() {
  const { name, admin, own } = target();
  if (!name || !/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`the database's name is not a plain name: ${name}`);
  const client = new Client(admin);
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return { name, own };
}

module.exports = { createDatabase };

if (require.main === module) {
  createDatabase()
    .then(({ name }) => console.log(`database ${name} ready`))
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}
