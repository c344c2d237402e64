import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GateError } from '../../../src/model/errors.ts';
import { type NodeCommand, parseNodeCommand, tokenize } from '../../../src/profile/command.ts';

const noScripts = (): undefined => undefined;

function parse(start: string, scripts?: Record<string, string>): NodeCommand {
  return parseNodeCommand(start, () => scripts);
}

function refused(start: string, scripts: Record<string, string> | undefined, pattern: RegExp): void {
  assert.throws(
    () => parseNodeCommand(start, () => scripts),
    (error: unknown) => {
      assert.ok(error instanceof GateError);
      assert.equal(error.code, 'config');
      assert.match(error.message, pattern);
      assert.match(error.message, /`profile-start`/, 'says how to fix it');
      return true;
    },
  );
}

describe('tokenize', () => {
  test('splits like sh, with quotes and escapes', () => {
    assert.deepEqual(tokenize(`node  'my app.js' "--x=a b" c\\ d`), ['node', 'my app.js', '--x=a b', 'c d']);
    assert.deepEqual(tokenize(`node "say \\"hi\\"" ''`), ['node', 'say "hi"', '']);
  });
  test('refuses what it does not follow', () => {
    for (const line of [
      'node a.js && node b.js',
      'node a.js | tee x',
      'node $ENTRY',
      'node "$X"',
      'node `x`',
      "node 'a.js",
      'node *.js',
    ])
      assert.equal(tokenize(line), undefined, line);
  });
});

describe('parseNodeCommand', () => {
  test('node [flags] file [args]', () => {
    const c = parse(
      'node --enable-source-maps -r dotenv/config --max-old-space-size=512 dist/server.js --port 3000',
    );
    assert.equal(c.node, 'node');
    assert.deepEqual(c.nodeFlags, [
      '--enable-source-maps',
      '-r',
      'dotenv/config',
      '--max-old-space-size=512',
    ]);
    assert.equal(c.file, 'dist/server.js');
    assert.deepEqual(c.args, ['--port', '3000']);
    assert.equal(c.fromScript, false);
  });

  test('assignments, env and cross-env prefixes, other node executables', () => {
    const c = parse('NODE_ENV=production cross-env HOST=127.0.0.1 /usr/local/bin/node index.js');
    assert.deepEqual(c.env, { NODE_ENV: 'production', HOST: '127.0.0.1' });
    assert.equal(c.node, '/usr/local/bin/node');
    assert.equal(parse('env nodejs app.js').node, 'nodejs');
    assert.equal(parse('node -- app.js').file, 'app.js');
  });

  test('npm start and npm run, following scripts that call scripts', () => {
    const scripts = {
      start: 'npm run serve -- --verbose',
      serve: 'node --import tsx/esm src/main.ts',
      dev: 'nodemon x',
    };
    const c = parse('npm start -- --port=1', scripts);
    assert.deepEqual(
      [c.node, c.nodeFlags, c.file, c.args],
      ['node', ['--import', 'tsx/esm'], 'src/main.ts', ['--verbose', '--port=1']],
    );
    assert.equal(c.fromScript, true);
    assert.equal(
      c.via,
      '`npm start -- --port=1` → `npm run serve -- --verbose` → `node --import tsx/esm src/main.ts --verbose --port=1`',
    );
    assert.equal(parse('npm run -s serve', scripts).file, 'src/main.ts');
    assert.equal(parse('npm run-script serve', scripts).file, 'src/main.ts');
    assert.equal(parse('yarn serve', scripts).file, 'src/main.ts');
    assert.equal(parse('pnpm run serve', scripts).file, 'src/main.ts');
    assert.deepEqual(parse('yarn start --port 2', { start: 'node a.js' }).args, ['--port', '2']);
  });

  test("npm's default start script", () => {
    assert.equal(parse('npm start', {}).file, 'server.js');
  });

  test('refuses what is not one node process, saying why', () => {
    refused('npm run dev', { dev: 'nodemon x' }, /starts `nodemon`, not node/);
    refused('npm run build', { start: 'node a.js' }, /package\.json has no `build` script/);
    refused('yarn start', undefined, /no package\.json/);
    refused('npm test', {}, /is not `npm start` or `npm run NAME`/);
    refused('node -e "require(1)"', undefined, /evaluates a string/);
    refused('node --watch index.js', undefined, /restarts the program/);
    refused('node --inspect', undefined, /no entry file/);
    refused('node a.js && node b.js', undefined, /shell syntax/);
    refused('python -m http.server', undefined, /starts `python`, not node/);
    refused('npm start', { start: 'npm start' }, /too deeply/);
    refused('docker compose up', noScripts(), /starts `docker`/);
  });
});
