/** 0x's progress output reaches the log as plain lines: no cursor moves, colours, titles or redrawn spinners. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logText } from '../../../src/profile/plain-output.ts';

test('terminal control sequences are gone; a line redrawn with carriage returns keeps its last state', () => {
  const spinner =
    '\u001b[?25l\u001b[2K\u001b[1G⠋ Profiling\r\u001b[2K\u001b[1G⠙ Profiling\r\u001b[2K\u001b[1G✔ Profiled\u001b[?25h';
  assert.equal(logText(spinner), '✔ Profiled');
  assert.equal(logText('\u001b[32mdone\u001b[39m in 2.1 s\n'), 'done in 2.1 s');
  assert.equal(logText('\u001b]0;0x: title\u0007ready\n'), 'ready');
  assert.equal(logText('a\u0008b\u001b7c'), 'abc');
  assert.equal(logText('\u001b[2K\u001b[1G\r\n\n'), '', 'nothing readable: nothing logged');
  assert.equal(logText('plain line\nand another'), 'plain line\nand another');
});

test('no escape character survives, whatever the input', () => {
  for (let i = 0; i < 500; i++) {
    const chunk = Array.from({ length: 40 }, () => String.fromCharCode(Math.floor(Math.random() * 128))).join(
      '',
    );
    const text = logText(chunk);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none is left.
    assert.doesNotMatch(text, /[\u0000-\u0008\u000b-\u001f\u007f]/, JSON.stringify(chunk));
  }
});
