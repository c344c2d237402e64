/**
 * The port preload under the frameworks that wrap net.Server#listen: a tiny app of each (restify, express, koa,
 * fastify, NestJS) on a fixed port, started by startServer with that port moved, must answer on the handed port
 * and leave the fixed one closed. Each framework is installed from the npm registry (or npm's cache) into a
 * directory of its own under the system's temp directory, once: later runs reuse it. A framework whose install
 * fails (no network, no cache) fails its test, saying why.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { portMapEnv, writePortPreload } from '../../../src/diagnostics/port-map.ts';
import { freePort } from '../../../src/io/ports.ts';
import { listening, startServer } from '../../../src/io/server.ts';

/** Where the frameworks are installed, one directory each, kept between runs (the versions are in the name). */
const ROOT = join(tmpdir(), 'perf-gate-port-map-frameworks');
const preloadDir = join(ROOT, `preload-${process.pid}`);
after(() => rmSync(preloadDir, { recursive: true, force: true }));

interface Framework {
  name: string;
  dependencies: Record<string, string>;
  /** The app: CommonJS, listening on `port` the way the framework's docs show. */
  app(port: number): string;
}

const FRAMEWORKS: Framework[] = [
  {
    name: 'restify',
    dependencies: { restify: '12.0.0' },
    app: (port) => `const restify = require('restify');
const server = restify.createServer();
server.get('/', (req, res, next) => { res.send('restify'); next(); });
server.listen(${port}, '127.0.0.1', () => console.log('listening on', server.url));
`,
  },
  {
    name: 'express',
    dependencies: { express: '5.3.0' },
    app: (port) => `const express = require('express');
const app = express();
app.get('/', (req, res) => res.send('express'));
app.listen(${port}, () => console.log('listening'));
`,
  },
  {
    name: 'koa',
    dependencies: { koa: '3.3.0' },
    app: (port) => `const Koa = require('koa');
const app = new Koa();
app.use((ctx) => { ctx.body = 'koa'; });
app.listen(${port}, '::', () => console.log('listening'));
`,
  },
  {
    name: 'fastify',
    dependencies: { fastify: '5.12.8' },
    app: (port) => `const app = require('fastify')();
app.get('/', async () => 'fastify');
app.listen({ port: ${port}, host: '127.0.0.1' }).then((address) => console.log('listening on', address));
`,
  },
  {
    name: 'NestJS',
    dependencies: {
      '@nestjs/common': '11.2.10',
      '@nestjs/core': '11.2.10',
      '@nestjs/platform-express': '11.2.10',
      'reflect-metadata': '0.2.2',
      rxjs: '7.8.2',
    },
    app: (port) => `require('reflect-metadata');
const { Controller, Get, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
class AppController { hello() { return 'NestJS'; } }
Get()(AppController.prototype, 'hello', Object.getOwnPropertyDescriptor(AppController.prototype, 'hello'));
Controller()(AppController);
class AppModule {}
Module({ controllers: [AppController] })(AppModule);
NestFactory.create(AppModule, { logger: false })
  .then((app) => app.listen(${port}))
  .then(() => console.log('listening'));
`,
  },
];

/** Set once an install could not reach the registry: the frameworks after it are skipped at once, for that reason. */
let unreachable: string | undefined;

/** What npm said went wrong: its first lines that say something (`npm error code ECONNREFUSED`, …). */
function npmError(stderr: string, fallback: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^npm (error|ERR!)\s*/, '').trim())
    .filter((line) => line !== '' && !/complete log|proxy|npm help/i.test(line));
  return lines.slice(0, 2).join('; ') || fallback;
}

/** The framework's directory with its packages installed; a string saying why when they could not be. */
function install(framework: Framework): Promise<string | { failed: string }> {
  const versions = Object.entries(framework.dependencies)
    .map(([name, version]) => `${name.replace(/[@/]/g, '_')}-${version}`)
    .join('+');
  const dir = join(ROOT, versions);
  const marker = join(dir, 'installed.json');
  const wanted = JSON.stringify(framework.dependencies);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted) return Promise.resolve(dir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'port-map-app', private: true, dependencies: framework.dependencies }),
  );
  if (unreachable !== undefined) return Promise.resolve({ failed: unreachable });
  const args = [
    'install',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--prefer-offline',
    '--fetch-retries=0',
  ];
  return new Promise((resolve) => {
    execFile('npm', args, { cwd: dir, timeout: 150_000, env: process.env }, (error, _stdout, stderr) => {
      if (error) {
        const why = npmError(stderr, error.message);
        if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ENETUNREACH|network/i.test(stderr))
          unreachable = `the npm registry is out of reach (${why})`;
        resolve({ failed: `npm install ${Object.keys(framework.dependencies).join(' ')} failed: ${why}` });
        return;
      }
      writeFileSync(marker, wanted);
      resolve(dir);
    });
  });
}

async function openOnLocalhost(port: number): Promise<boolean> {
  return (await listening('127.0.0.1', port)) || (await listening('::1', port));
}

describe('frameworks on a fixed port, moved by the port preload', { timeout: 300_000 }, () => {
  const preload = writePortPreload(preloadDir);
  for (const framework of FRAMEWORKS) {
    test(framework.name, { timeout: 180_000 }, async () => {
      const dir = await install(framework);
      // The test needs the framework: without the npm registry or npm's cache it fails, saying so.
      if (typeof dir !== 'string') assert.fail(`${framework.name} could not be installed: ${dir.failed}`);
      const fixed = await freePort();
      const movedTo = await freePort();
      writeFileSync(join(dir, 'app.cjs'), framework.app(fixed));
      const server = await startServer({
        side: 'base',
        cwd: dir,
        start: `"${process.execPath}" app.cjs`,
        port: fixed,
        movedTo,
        readyPath: '/',
        readyStatus: 200,
        readyTimeoutMs: 20_000,
        env: portMapEnv(preload, new Map([[fixed, movedTo]]), undefined),
      });
      try {
        assert.equal(server.port, movedTo);
        const body = await (await fetch(`${server.origin}/`)).text();
        assert.match(body, new RegExp(framework.name));
        assert.equal(await openOnLocalhost(fixed), false, `${framework.name} left port ${fixed} closed`);
      } finally {
        await server.stop();
      }
    });
  }
});
