// An express storefront API that tailors its answer to the visitor's device: a middleware parses the User-Agent
// with ua-parser-js on every request (image sizes, a mobile menu, per-browser counts for the ops page). For
// bench/dep-allocation.ts: base on ua-parser-js 1.0.39, head on 2.0.3, the code the same.
const express = require('express');
const { UAParser } = require('ua-parser-js');

const products = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  name: `Product ${i + 1}`,
  cents: 199 + ((i * 7919) % 20000),
  image: `product-${i + 1}`,
}));
const browsers = new Map();

const app = express();
app.disable('x-powered-by');
app.use((req, _res, next) => {
  const ua = UAParser(req.get('user-agent') ?? '');
  req.device = {
    mobile: ua.device.type === 'mobile',
    browser: ua.browser.name ?? 'unknown',
    os: ua.os.name ?? 'unknown',
  };
  browsers.set(req.device.browser, (browsers.get(req.device.browser) ?? 0) + 1);
  next();
});

app.get('/health', (_req, res) => res.json({ ok: true }));

app.get('/api/home', (req, res) => {
  const size = req.device.mobile ? 320 : 960;
  res.json({
    layout: req.device.mobile ? 'compact' : 'wide',
    menu: req.device.mobile ? 'drawer' : 'bar',
    platform: `${req.device.browser} on ${req.device.os}`,
    featured: products.slice(0, 12).map((p) => ({ ...p, image: `/img/${p.image}-${size}.webp` })),
  });
});

app.get('/api/ops/browsers', (_req, res) => res.json(Object.fromEntries(browsers)));

app.listen(Number(process.env.PORT ?? 3000), () =>
  console.log(`ua-app listening on ${process.env.PORT ?? 3000}`),
);
