import { run } from './action.ts';

await run();
