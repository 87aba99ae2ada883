#!/usr/bin/env node
import { exitOnClosedPipe } from './closedPipe.js';
import { processIo } from './io.js';
import { run } from './run.js';

exitOnClosedPipe([process.stdout, process.stderr], (code) => process.exit(code));
process.exitCode = await run(process.argv.slice(2), processIo());
