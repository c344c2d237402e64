// perf-gate.yml's `setup`: creates this side's database (create.cjs), its table and index, and 100,000 seeded orders,
// unless they are there already: it runs once in each tree, and again on a re-run against the same service (or
// `perf-gate compare` twice), and must neither fail nor seed twice.
const { Client } = require('pg');
const { createDatabase } = require('./create.cjs');

async function main() {
  const { name, own } = await createDatabase();
  const db = new Client(own);
  await db.connect();
  await db.query(`CREATE TABLE IF NOT EXISTS orders (
    id bigserial PRIMARY KEY,
    customer_id integer NOT NULL,
    total numeric(10, 2) NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
  await db.query('CREATE INDEX IF NOT EXISTS orders_by_customer ON orders (customer_id, created_at DESC)');
  const { rows } = await db.query('SELECT count(*)::int AS n FROM orders');
  if (rows[0].n === 0)
    await db.query(`INSERT INTO orders (customer_id, total, created_at)
      SELECT i % 1000, (i % 9973) / 100.0, now() - i * interval '1 minute' FROM generate_series(1, 100000) AS i`);
  await db.query('ANALYZE orders');
  await db.end();
  console.log(`database ${name} ready`);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
