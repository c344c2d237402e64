#!/usr/bin/env node
import { main } from './local.ts';

process.exitCode = await main(process.argv.slice(2));
