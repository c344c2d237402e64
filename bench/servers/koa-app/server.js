// A koa service shaped like a real one: 60 routes on a router, a stack of middlewares every request passes
// (error handling, request id, timing, CORS, a header check, a body parser, a cache header), JSON answers built
// from an in-memory catalogue. For bench/engine-gates.ts; WORK_FACTOR > 1 makes head do more per request.
const Koa = require('koa');
const Router = require('@koa/router');
const bodyParser = require('koa-bodyparser');
const crypto = require('node:crypto');

const factor = Number(process.env.WORK_FACTOR || 1);
const app = new Koa();
const router = new Router({ prefix: '/api/v1' });

const items = Array.from({ length: 500 }, (_, i) => ({
  id: i,
  name: `item-${i}`,
  price: Math.round(((i * 7919) % 10000) / 3) / 100,
  tags: ['alpha', 'beta', 'gamma', 'delta'].filter((_, t) => (i + t) % 3 === 0),
  stock: (i * 31) % 97,
}));

app.use(async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    ctx.status = error.status || 500;
    ctx.body = { error: error.message };
  }
});
app.use(async (ctx, next) => {
  ctx.state.id = crypto.randomUUID();
  ctx.set('x-request-id', ctx.state.id);
  await next();
});
app.use(async (ctx, next) => {
  const start = process.hrtime.bigint();
  await next();
  ctx.set('x-response-time', `${Number(process.hrtime.bigint() - start) / 1e6}ms`);
});
app.use(async (ctx, next) => {
  ctx.set('access-control-allow-origin', '*');
  ctx.set('access-control-allow-headers', 'content-type, authorization');
  if (ctx.method === 'OPTIONS') ctx.status = 204;
  else await next();
});
app.use(async (ctx, next) => {
  const auth = ctx.get('authorization');
  ctx.state.user = auth.startsWith('Bearer ') ? auth.slice(7) : 'anonymous';
  await next();
});
app.use(bodyParser());
app.use(async (ctx, next) => {
  await next();
  if (ctx.method === 'GET' && ctx.status === 200) ctx.set('cache-control', 'max-age=5');
});

const resources = [
  'items',
  'orders',
  'users',
  'carts',
  'reviews',
  'stores',
  'coupons',
  'shipments',
  'returns',
  'invoices',
];
for (const resource of resources) {
  router.get(`/${resource}`, (ctx) => {
    const page = Number(ctx.query.page || 0);
    ctx.body = { resource, page, items: items.slice(page * 20, page * 20 + 20) };
  });
  router.get(`/${resource}/:id`, (ctx) => {
    let item = items[Number(ctx.params.id) % items.length];
    for (let i = 1; i < factor; i++) item = JSON.parse(JSON.stringify(item));
    ctx.body = { resource, item, user: ctx.state.user, related: items.slice(0, 5).map((x) => x.id) };
  });
  router.post(`/${resource}`, (ctx) => {
    ctx.status = 201;
    ctx.body = { resource, created: ctx.request.body };
  });
  router.put(`/${resource}/:id`, (ctx) => {
    ctx.body = { resource, id: ctx.params.id, updated: ctx.request.body };
  });
  router.patch(`/${resource}/:id`, (ctx) => {
    ctx.body = { resource, id: ctx.params.id, patched: ctx.request.body };
  });
  router.delete(`/${resource}/:id`, (ctx) => {
    ctx.status = 204;
  });
}
app.use(router.routes()).use(router.allowedMethods());

app.listen(Number(process.env.PORT || 3000), '127.0.0.1');
