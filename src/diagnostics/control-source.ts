/**
 * How both preloads read perf-gate's control file (a source fragment PRELOAD_SOURCE and ALLOCATION_PRELOAD_SOURCE
 * include, with `fs` and `controlFile` in scope): stat it every tick, read it only when its stamp (inode, mtime,
 * size) moved, and take a token once.
 */
export const CONTROL_SOURCE = `
  var controlStamp = '', controlToken = '';

  function controlStampNow() {
    var stat = fs.statSync(controlFile, { throwIfNoEntry: false });
    return stat ? stat.ino + ':' + stat.mtimeMs + ':' + stat.size : '';
  }

  function controlText() { return fs.readFileSync(controlFile, 'utf8').trim().slice(0, 200); }

  // The control file's new token, or '' when it is missing, unchanged, empty or the token before.
  function readControl() {
    var stamp = controlStampNow();
    if (stamp === controlStamp) return '';
    controlStamp = stamp;
    if (stamp === '') return '';
    var token = controlText();
    if (token === '' || token === controlToken) return '';
    controlToken = token;
    return token;
  }
`;
