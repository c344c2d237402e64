// A fastify service that renders HTML with handlebars through @fastify/view, shaped like a small shop's front end:
// a layout with a header partial, a catalogue page (a loop over a page of products, a helper for prices) and a
// product page (details, reviews, related products). For bench/memory-noise.ts: a service the tests never saw.
const path = require('node:path');
const fastify = require('fastify')({ logger: false });
const handlebars = require('handlebars');

handlebars.registerHelper('price', (cents) => `€${(cents / 100).toFixed(2)}`);
handlebars.registerHelper('stars', (n) => '★'.repeat(n) + '☆'.repeat(5 - n));

const CATEGORIES = ['kitchen', 'garden', 'office', 'outdoor', 'toys'];
const products = Array.from({ length: 300 }, (_, i) => ({
  id: i + 1,
  name: `Product ${i + 1}`,
  category: CATEGORIES[i % CATEGORIES.length],
  cents: 199 + ((i * 7919) % 20000),
  inStock: i % 7 !== 0,
  description: `A sturdy ${CATEGORIES[i % CATEGORIES.length]} item, number ${i + 1}, made to last & easy to clean.`,
  reviews: Array.from({ length: i % 6 }, (_, r) => ({
    author: `reader${(i + r) % 40}`,
    rating: 1 + ((i + r) % 5),
    text: `Review ${r + 1} of product ${i + 1}: <fine> for the price.`,
  })),
}));

fastify.register(require('@fastify/view'), {
  engine: { handlebars },
  root: path.join(__dirname, 'views'),
  layout: 'layout.hbs',
  options: { partials: { header: 'partials/header.hbs' } },
});

fastify.get('/health', async () => ({ ok: true }));

fastify.get('/catalogue/:category', (req, reply) => {
  const page = Math.max(1, Number(req.query.page ?? 1));
  const all = products.filter((p) => p.category === req.params.category);
  if (all.length === 0) return reply.code(404).send('no such category');
  const items = all.slice((page - 1) * 24, page * 24);
  return reply.view('catalogue.hbs', {
    title: req.params.category,
    category: req.params.category,
    page,
    items,
    categories: CATEGORIES,
  });
});

fastify.get('/product/:id', (req, reply) => {
  const product = products[Number(req.params.id) - 1];
  if (!product) return reply.code(404).send('no such product');
  const related = products.filter((p) => p.category === product.category && p.id !== product.id).slice(0, 6);
  return reply.view('product.hbs', { title: product.name, product, related, categories: CATEGORIES });
});

fastify
  .listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' })
  .then((address) => console.log(`template-app listening on ${address}`));
