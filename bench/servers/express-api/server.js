// An express JSON API shaped like a small real one: customers and their orders in memory, a request id and a
// timing header on every response, query validation, filtering, paging and a summary route. For
// bench/memory-noise.ts: a service the tests never saw.
const express = require('express');
const crypto = require('node:crypto');

const STATUSES = ['open', 'paid', 'shipped', 'cancelled'];
const customers = Array.from({ length: 200 }, (_, i) => ({
  id: i + 1,
  name: `Customer ${i + 1}`,
  email: `customer${i + 1}@example.com`,
  country: ['FR', 'DE', 'US', 'JP', 'BR'][i % 5],
  since: new Date(Date.UTC(2020, i % 12, 1 + (i % 28))).toISOString(),
}));
const orders = Array.from({ length: 5000 }, (_, i) => ({
  id: 10_000 + i,
  customerId: 1 + ((i * 37) % customers.length),
  status: STATUSES[(i * 7 + Math.floor(i / 3)) % STATUSES.length],
  placedAt: new Date(Date.UTC(2026, (i * 5) % 12, 1 + (i % 28), i % 24)).toISOString(),
  lines: Array.from({ length: 1 + (i % 4) }, (_, l) => ({
    sku: `SKU-${(i * 13 + l) % 900}`,
    quantity: 1 + ((i + l) % 3),
    unitPrice: Math.round(((i * 7919 + l * 104729) % 10000) / 3) / 100,
  })),
}));
const byCustomer = new Map();
for (const o of orders) byCustomer.set(o.customerId, [...(byCustomer.get(o.customerId) ?? []), o]);

function total(order) {
  return Math.round(order.lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0) * 100) / 100;
}

const app = express();
app.disable('x-powered-by');
app.use((req, res, next) => {
  res.set('x-request-id', req.get('x-request-id') ?? crypto.randomUUID());
  const start = process.hrtime.bigint();
  res.on('finish', () => {
    res.locals.ms = Number(process.hrtime.bigint() - start) / 1e6;
  });
  next();
});
app.use(express.json({ limit: '100kb' }));

app.get('/health', (_req, res) => res.json({ ok: true }));

app.get('/api/orders', (req, res) => {
  const status = req.query.status ?? 'open';
  const limit = Number(req.query.limit ?? 20);
  const offset = Number(req.query.offset ?? 0);
  if (!STATUSES.includes(status)) return res.status(400).json({ error: `unknown status ${status}` });
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return res.status(400).json({ error: 'limit must be 1 to 100' });
  const matching = orders.filter((o) => o.status === status);
  const page = matching.slice(offset, offset + limit).map((o) => ({ ...o, total: total(o) }));
  res.json({ total: matching.length, offset, limit, orders: page });
});

app.get('/api/customers/:id', (req, res) => {
  const id = Number(req.params.id);
  const customer = customers[id - 1];
  if (!customer) return res.status(404).json({ error: 'no such customer' });
  const theirs = byCustomer.get(id) ?? [];
  const recent = theirs
    .slice(-5)
    .map((o) => ({ id: o.id, status: o.status, placedAt: o.placedAt, total: total(o) }));
  const spent = theirs.reduce((sum, o) => sum + (o.status === 'cancelled' ? 0 : total(o)), 0);
  res.json({ ...customer, orders: theirs.length, spent: Math.round(spent * 100) / 100, recent });
});

app.get('/api/summary', (_req, res) => {
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0]));
  for (const o of orders) counts[o.status]++;
  res.json({ customers: customers.length, orders: orders.length, byStatus: counts });
});

app.post('/api/orders', (req, res) => {
  const { customerId, lines } = req.body ?? {};
  if (!customers[customerId - 1] || !Array.isArray(lines) || lines.length === 0)
    return res.status(422).json({ error: 'customerId and lines are required' });
  res.status(201).json({ id: 10_000 + orders.length, customerId, status: 'open', lines });
});

app.listen(Number(process.env.PORT ?? 3000), () =>
  console.log(`express-api listening on ${process.env.PORT ?? 3000}`),
);
